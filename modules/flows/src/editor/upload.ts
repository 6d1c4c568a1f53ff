import type { ApiClient } from '@atende/client'

/** POST /flowbuilder/{img|audio|content} with the file in `medias`; answers the stored name the node keeps. */
export async function uploadMedia(api: ApiClient, kind: 'img' | 'audio' | 'content', file: File): Promise<string> {
  const form = new FormData()
  form.append('fromMe', 'true')
  form.append('body', file.name)
  form.append('medias', file)
  const res = await api.post<{ name: string; names: string[] }>(`/flowbuilder/${kind}`, {
    body: form,
    timeoutMs: 300_000,
  })
  return res.name
}
