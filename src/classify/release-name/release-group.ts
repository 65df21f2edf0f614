/**
 * The release group, where the base parser misses or misreads it:
 * - trailing junk a post or a site adds after the group (`-GROUP=={{TRASH}}==`, `-GROUP-Obfuscated`,
 *   `-GROUP.rar`, `[eztv]`, `-sample`) hides it, or is taken for it;
 * - a hyphenated group (`x264-GROUP-NAME`) loses its first half;
 * - a dot instead of the hyphen after the codec (`H264.GROUP`, `XviD.GROUP.avi`);
 * - braces (`{Group}`);
 * - a hyphenated word of the title (`Nozaki-kun`) is no group: none is better than a wrong one.
 */
// Words a post or an indexer appends as if they were a group (`-GROUP-Obfuscated`).
const JUNK_WORDS = 'obfuscated|postbot|xpost|scrambled|sample|buymore|asrequested|alternativetorequested|rakuv[a-z0-9]*|rp|1'
const JUNK_SUFFIX = new RegExp(
  `(?:[ ._-]*(?:=+[{[]+[^\\]}]*[\\]}]+=+-?|\\[[a-z0-9.-]+\\.(?:com|org|net|to|nu|info)\\]|\\[(?:eztv|ettv|rarbg|tgx|rartv|publichd)\\]|-(?:${JUNK_WORDS})|(?<=-[a-z0-9]+)[[(][^\\])]*[\\])]|\\.(?:rar|par2|nzb|torrent)|["'])+)$`,
  'i',
)
const MEDIA_EXTENSION = /[ .](?:mkv|mp4|avi|m4v|ts|wmv|mov|webm)$/i

/** The name without a trailing media extension; only its last characters are looked at (hot path). */
function withoutMediaExtension(name: string): string {
  // The extension's dot or space sits 3 to 5 characters from the end.
  const end = name.length
  const c3 = name.charCodeAt(end - 3)
  const c4 = name.charCodeAt(end - 4)
  const c5 = name.charCodeAt(end - 5)
  if (c3 !== 46 && c3 !== 32 && c4 !== 46 && c4 !== 32 && c5 !== 46 && c5 !== 32) return name
  const match = MEDIA_EXTENSION.exec(name.slice(-5))
  return match ? name.slice(0, end - match[0].length) : name
}
// Technical words a group follows: codecs, sources, resolutions, audio.
const TECH =
  '(?:[xh][ .]?26[45]|hevc|avc|xvid|divx|av1|web(?:-?dl|rip)?|hdtv|bluray|bdrip|brrip|dvdrip|\\d{3,4}[pi]|aac[0-9.]*|ac3|dts|ddp?[0-9.]*|flac|mp3|atmos|remux)'
// Release tags that follow the codec as a word of their own (`x264.PROPER`, `H.264.ESub`, `x265.HDR`):
// never a group, like the technical words.
const RELEASE_TAG =
  '(?:e?subs?|hdr(?:10)?(?:plus|\\+)?|dv|dovi|e?ac3|truehd|dtshd|dts-?hd|opus|dl|proper|repack|real|internal|limited|readnfo|multi|dual|eng|rus|ukr|hin(?:di)?|ita|ger(?:man)?|fre(?:nch)?|vostfr|nordic|lektor|nf|amzn|dsnp|hmax|hybrid|extended|uncut|unrated|imax|retail|subbed|dubbed|complete|10bit|8bit|(?:19|20)\\d\\d)'
// `x264-GROUP-NAME`; not `WEB-2023-GRP` (scene music's year) nor `x264-AC3-GRP` (a tag, then the group).
const HYPHENATED_GROUP = new RegExp(`${TECH}-((?!dl|rip|[xh]26[45]|${TECH}-|${RELEASE_TAG}-)[a-z0-9]+-[a-z0-9]+)$`, 'i')
const DASHED_GROUP = new RegExp(`${TECH}(?:[ .][a-z0-9.]+)*?-([a-z0-9][a-z0-9_]*)$`, 'i')
const DOTTED_GROUP = new RegExp(`${TECH}\\.([a-z][a-z0-9]{1,15})$`, 'i')

export function correctReleaseGroup(group: string | undefined, name: string, title: string | null): string | null {
  if (group && isPlainSceneEnding(name, group)) return title && isTitleWord(group, title) ? null : group
  // The group and what follows it sit at the end; the end-anchored patterns need only the tail (hot path).
  const tail = name.length > 80 ? name.slice(-80) : name
  const clean = withoutMediaExtension(withoutMediaExtension(tail).replace(JUNK_SUFFIX, ''))
  const hyphenated = HYPHENATED_GROUP.exec(clean)?.[1]
  if (hyphenated) return hyphenated
  // A fansub group leads the name in brackets, spelled as there (`[Seto_Otaku]`); junk only hides a trailing one.
  const leading = /^\[([^\]]+)\]/.exec(name)?.[1]
  if (group && leading && leading.replace(/_/g, ' ') === group.replace(/_/g, ' ')) return leading
  let found = group?.replace(/^\{(.+)\}$/, '$1') ?? null
  if (found && (clean !== withoutMediaExtension(tail) || /[={}"]/.test(found))) {
    found = DASHED_GROUP.exec(clean)?.[1] ?? (clean.endsWith(found) ? found : null)
  }
  found ??= DOTTED_GROUP.exec(clean)?.[1] ?? null
  if (found && (NOT_A_GROUP.test(found) || (title && isTitleWord(found, title)) || isMidNameWord(found, clean))) return null
  return found
}

const AFTER_TECH = new RegExp(`${TECH}$`, 'i')
// `720p.HDTV`, `BluRay.x264`, `x264.PROPER`: a technical word or a release tag is never the group.
const NOT_A_GROUP = new RegExp(`^(?:${TECH}|${RELEASE_TAG})$`, 'i')
const JUNK_WORD = new RegExp(`^(?:${JUNK_WORDS})$`, 'i')

/** The common case, `...x264-GROUP(.mkv)`: a single hyphenated word ends the name, nothing to correct (hot path). */
function isPlainSceneEnding(name: string, group: string): boolean {
  if (!PLAIN_GROUP.test(group)) return false
  const bare = withoutMediaExtension(name)
  const dash = bare.length - group.length - 1
  if (dash < 0 || bare.charCodeAt(dash) !== 45 || !bare.endsWith(group) || JUNK_WORD.test(group)) return false
  // A second hyphenated word just before it (`-GROUP-NAME`) makes it a hyphenated group.
  const previous = bare.lastIndexOf('-', dash - 1)
  return previous < 0 || dash - previous > 24 || !PLAIN_GROUP.test(bare.slice(previous + 1, dash))
}

const PLAIN_GROUP = /^[a-z0-9]+$/i

/** `Nozaki-kun [Group] (1080p)`: a hyphenated word mid-name, not after a technical word, is part of the title. */
function isMidNameWord(group: string, clean: string): boolean {
  const at = clean.lastIndexOf(`-${group}`)
  if (at < 0 || at + group.length + 1 === clean.length) return false
  return !AFTER_TECH.test(clean.slice(0, at))
}

/** `kun` of `Nozaki-kun`: a word inside the title is the title's. */
function isTitleWord(group: string, title: string): boolean {
  // Both come from the same name, spelled alike: most groups are settled by one substring test.
  if (!title.includes(group)) return false
  return title.split(/[^\p{L}\p{N}]+/u).includes(group)
}
