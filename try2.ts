import { Environment } from '@marcbachmann/cel-js'
class FileFacts { constructor(public path: string, public extension: string, public size: number) {} }
class TorrentFacts { constructor(public name: string, public size: number, public files: FileFacts[], public filesCount: bigint) {} }
const envA = new Environment()
  .registerType('File', { ctor: FileFacts, fields: { path: 'string', extension: 'string', size: 'double' } })
  .registerType('Torrent', { ctor: TorrentFacts, fields: { name: 'string', size: 'double', files: 'list<File>', filesCount: 'int' } })
  .registerVariable('torrent', 'Torrent')
  .registerVariable('shares', 'map<string, double>')
const envB = new Environment()
  .registerVariable({ name: 'torrent', schema: { name: 'string', size: 'double', files: 'list<map<string, dyn>>', filesCount: 'int' } } as any)
  .registerVariable('shares', 'map<string, double>')
const exprs = ['torrent.size > 1e8', 'torrent.name.contains("x")', 'torrent.filesCount > 3', 'shares.video > 0.5', 'torrent.files.exists(f, f.extension == "mkv")']
const files = Array.from({ length: 10 }, (_, i) => new FileFacts(`a/b${i}.mkv`, 'mkv', 1e6 * i))
for (const [label, env] of [['ctor', envA], ['schema', envB]] as const) {
  const fns = exprs.map((e) => env.parse(e))
  for (const e of exprs) { const r = env.parse(e).check(); if (!r.valid) console.log(label, e, r) }
  const ctx = label === 'ctor' ? { torrent: new TorrentFacts('Some.x.Name', 5e9, files, 10n), shares: new Map([['video', 0.9]]) } : { torrent: { name: 'Some.x.Name', size: 5e9, files: files.map(f => ({ ...f })), filesCount: 10n }, shares: { video: 0.9 } }
  const t = performance.now()
  for (let i = 0; i < 20000; i++) for (const f of fns) f(ctx as any)
  console.log(label, ((performance.now() - t) * 1000 / 20000 / fns.length).toFixed(3), 'us/eval', fns.map(f => String(f(ctx as any))).join(','))
}
