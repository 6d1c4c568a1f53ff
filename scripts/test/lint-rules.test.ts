/**
 * The architecture as lint rules (eslint.config.js): each boundary is tried with a file placed
 * where it would live, and the rule must name it — a rule that never fires protects nothing.
 */
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { ESLint } from 'eslint'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const eslint = new ESLint({ cwd: ROOT })

async function problems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${ROOT}${path}` })
  return [...new Set(result!.messages.map((m) => m.ruleId ?? m.message))]
}

describe("lint: the architecture's import rules", () => {
  it("a plugin imports the SDK, other plugins' contracts as types and their /values, never the kernel, a front end or internals", async () => {
    const file = 'plugins/tags/src/lint-probe.ts'
    expect(
      await problems(
        file,
        "import type { Kernel } from '@atende/sdk'\nimport type { ContactsService } from '@atende/plugin-contacts/api'\nexport type X = [Kernel, ContactsService]\n",
      ),
    ).toEqual([])
    expect(await problems(file, "import { createApp } from '@atende/kernel'\nexport const x = createApp\n")).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ])
    expect(
      await problems(file, "import { CONTACT } from '@atende/plugin-contacts/api'\nexport const x = CONTACT\n"),
    ).toEqual(['@typescript-eslint/no-restricted-imports'])
    // Browser-safe values (`/values`: constants and TypeBox schemas) are used as they are.
    expect(
      await problems(
        file,
        "import { MessageRecord } from '@atende/plugin-tickets/values'\nexport const x = MessageRecord\n",
      ),
    ).toEqual([])
    expect(
      await problems(file, "import type { Row } from '@atende/plugin-contacts/src/service.ts'\nexport type X = Row\n"),
    ).toEqual(['@typescript-eslint/no-restricted-imports'])
    expect(
      await problems(file, "import type plugin from '@atende/plugin-contacts'\nexport type X = typeof plugin\n"),
    ).toEqual(['@typescript-eslint/no-restricted-imports'])
    expect(await problems(file, "import { Button } from '@atende/ui'\nexport const x = Button\n")).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ])
    expect(await problems(file, "import { x } from '../../contacts/src/service.ts'\nexport const y = x\n")).toEqual([
      'atende/own-package',
    ])
    expect(await problems(file, "import { x } from './service.ts'\nexport const y = x\n")).toEqual([])
  })

  it("server code requests a URL through the SDK's guardedFetch, never fetch", async () => {
    for (const file of ['plugins/tags/src/lint-probe.ts', 'core/kernel/src/lint-probe.ts'])
      expect(await problems(file, 'export const get = (url: string) => fetch(url)\n'), file).toEqual([
        'no-restricted-globals',
      ])
    expect(
      await problems(
        'plugins/tags/src/lint-probe.ts',
        "import { guardedFetch } from '@atende/sdk'\nexport const get = (url: string) => guardedFetch(url, {}, { field: 'url' })\n",
      ),
    ).toEqual([])
  })

  it('the kernel and the SDK know no feature', async () => {
    expect(
      await problems(
        'core/kernel/src/lint-probe.ts',
        "import type { TicketStatus } from '@atende/plugin-tickets/api'\nexport type X = TicketStatus\n",
      ),
    ).toEqual(['@typescript-eslint/no-restricted-imports'])
    expect(
      await problems(
        'core/sdk/src/lint-probe.ts',
        "import type { Kernel } from '@atende/kernel'\nexport type X = Kernel\n",
      ),
    ).toEqual(['@typescript-eslint/no-restricted-imports'])
  })

  it("a module imports the kit, the client and other modules' published components, never their internals or server code; the shell imports no module", async () => {
    const file = 'modules/queues/src/lint-probe.ts'
    expect(
      await problems(
        file,
        "import { Button } from '@atende/ui'\nimport { useApi } from '@atende/client'\nexport const x = [Button, useApi]\n",
      ),
    ).toEqual([])
    expect(await problems(file, "import m from '@atende/module-tickets'\nexport const x = m\n")).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ])
    expect(
      await problems(
        file,
        "import { ContactPicker } from '@atende/module-contacts/components'\nexport const x = ContactPicker\n",
      ),
    ).toEqual([])
    expect(
      await problems(
        file,
        "import { ContactForm } from '@atende/module-contacts/src/ContactForm.tsx'\nexport const x = ContactForm\n",
      ),
    ).toEqual(['@typescript-eslint/no-restricted-imports'])
    expect(await problems(file, "import { Type } from '@atende/sdk'\nexport const x = Type\n")).toEqual([
      '@typescript-eslint/no-restricted-imports',
    ])
    // Browser-safe constants (`/values`) are used as they are; a plugin's other entries are not.
    expect(
      await problems(
        file,
        "import { PLAN_FLAGS } from '@atende/sdk/values'\nimport { VOICES } from '@atende/plugin-prompts/values'\nexport const x = [PLAN_FLAGS, VOICES]\n",
      ),
    ).toEqual([])
    for (const entry of ['@atende/plugin-prompts', '@atende/plugin-prompts/src/service.ts', '@atende/sdk/multipart'])
      expect(await problems(file, `import * as m from '${entry}'\nexport const x = m\n`), entry).toEqual([
        '@typescript-eslint/no-restricted-imports',
      ])
    expect(
      await problems(file, "import { MODELS } from '@atende/plugin-prompts/api'\nexport const x = MODELS\n"),
    ).toEqual(['@typescript-eslint/no-restricted-imports'])
    expect(
      await problems('shell/src/lint-probe.ts', "import m from '@atende/module-queues'\nexport const x = m\n"),
    ).toEqual(['@typescript-eslint/no-restricted-imports'])
  })

  it('new code types its values: `any` is refused outside tests and scripts', async () => {
    expect(await problems('plugins/tags/src/lint-probe.ts', 'export const rows: any[] = []\n')).toEqual([
      '@typescript-eslint/no-explicit-any',
    ])
    expect(await problems('plugins/tags/test/lint-probe.test.ts', 'export const rows: any[] = []\n')).toEqual([])
  })
})
