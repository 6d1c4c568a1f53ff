import { useState } from 'react'
import { ListPage } from '@atende/ui'
import { __Name__Table } from './__Name__Table.tsx'
import { use__Name__ } from './use__Name__.ts'
import './index.css'

/** /__name__: the company's __Title__ records, searchable, a page at a time (the kit's list page). */
export default function __Name__Page() {
  const [search, setSearch] = useState('')
  const list = use__Name__(search)
  return <ListPage ns="__camel__" list={list} search={{ value: search, onSearch: setSearch }} table={<__Name__Table list={list} />} />
}
