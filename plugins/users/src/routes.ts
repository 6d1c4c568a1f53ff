import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from '@sinclair/typebox'
import { IdParams, ListQuery, MessageResponse, type Kernel, errorResponses } from '@atende/sdk'
import { createUserService } from './service.ts'
import {
  CreateUserBody,
  LanguageParams,
  UpdateUserBody,
  UserListItem,
  UserListQuery,
  UserViewRef,
  UsersPage,
} from './schemas.ts'

const tags = ['users']
const errors = errorResponses()

export function registerUserRoutes(root: FastifyInstance, kernel: Kernel) {
  const app = root.withTypeProvider<TypeBoxTypeProvider>()
  const users = createUserService(kernel)

  app.get(
    '/users',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: "The company's users, searchable by name or email, paginated (admin)",
        querystring: ListQuery,
        response: { 200: UsersPage, ...errors },
      },
    },
    async (request) => {
      const { searchParam, pageNumber } = request.query
      return users.page(request.auth.companyId, searchParam, pageNumber)
    },
  )

  app.get(
    '/users/list',
    {
      schema: {
        tags,
        summary: "Lookup list of the company's users",
        querystring: UserListQuery,
        response: { 200: Type.Array(UserListItem), ...errors },
      },
    },
    async (request) => users.lookup(request.auth, request.query.companyId),
  )

  app.get(
    '/users/me',
    {
      schema: { tags, summary: 'The calling user', response: { 200: UserViewRef, ...errors } },
    },
    async (request) => users.me(request.auth),
  )

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'One user (admin, or the user themself)',
        params: IdParams,
        response: { 200: UserViewRef, ...errors },
      },
    },
    async (request) => users.one(request.auth, request.params.id),
  )

  app.post(
    '/users',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Create a user (admin); limited by the plan',
        body: CreateUserBody,
        response: { 201: UserViewRef, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await users.create(request.auth, request.body)),
  )

  app.put(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Edit a user (admin: anyone of the company; others: themself)',
        params: IdParams,
        body: UpdateUserBody,
        response: { 200: UserViewRef, ...errors },
      },
    },
    async (request) => users.update(request.auth, request.params.id, request.body),
  )

  app.delete(
    '/users/:id',
    {
      config: { admin: true },
      schema: {
        tags,
        summary: 'Delete a user (admin); never a super user or yourself',
        params: IdParams,
        response: { 200: MessageResponse, ...errors },
      },
    },
    async (request) => {
      await users.remove(request.auth, request.params.id)
      return { message: 'User deleted' }
    },
  )

  app.post(
    '/users/set-language/:lang',
    {
      schema: {
        tags,
        summary: "Set the caller's interface language",
        params: LanguageParams,
        response: { 200: UserViewRef, ...errors },
      },
    },
    async (request) => users.setLanguage(request.auth, request.params.lang),
  )
}
