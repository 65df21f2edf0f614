import { loadClassifier } from '../src/classify'
import { parseReleaseName } from '../src/classify/release-name/parse-release-name'
import { createRandom, syntheticTorrent } from '../bench/support/synthetic-releases'
const r = createRandom(11)
const names = Array.from({length: 30000}, (_, i) => syntheticTorrent(r, i).name)
for (const n of names.slice(0,5000)) parseReleaseName(n)
let t = performance.now()
for (const n of names) parseReleaseName(n)
console.log('parse us', (performance.now()-t)*1000/names.length)
