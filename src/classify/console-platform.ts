/**
 * The platform of a console game, which chooses its child of Newznab's Console (1000): named in
 * the release (`PS4`, `XBOX360`, `Nintendo DS`) or told by a ROM's extension (`.wbfs` is a Wii
 * disc). Read only for torrents the rules made console games, so no other torrent pays for it;
 * the platform joins the tags, where the operator sees what chose the category.
 */
import type { TorrentFile } from '../metainfo'

interface Platform {
  tag: string
  /** A whole token of the name. */
  name: RegExp
  extensions: string[]
}

const token = (words: string) => new RegExp(`(?:^|[^a-z0-9])(?:${words})(?![a-z0-9])`, 'i')

/** Later models before the ones whose name they start with (Wii U before Wii, Xbox 360 before Xbox). */
const PLATFORMS: Platform[] = [
  { tag: 'nds', name: token('nds|nintendo[ ._-]?ds'), extensions: ['nds'] },
  { tag: '3ds', name: token('3ds|nintendo[ ._-]?3ds'), extensions: ['3ds', 'cia'] },
  { tag: 'ps-vita', name: token('ps[ ._-]?vita'), extensions: ['vpk'] },
  { tag: 'psp', name: token('psp'), extensions: ['cso', 'pbp'] },
  { tag: 'ps3', name: token('ps3|playstation[ ._-]?3'), extensions: [] },
  { tag: 'ps4', name: token('ps4|playstation[ ._-]?4'), extensions: [] },
  { tag: 'wii-u', name: token('wii[ ._-]?u'), extensions: [] },
  { tag: 'wii', name: token('wii'), extensions: ['wbfs', 'rvz', 'wad'] },
  { tag: 'xbox-360', name: token('xbox[ ._-]?360'), extensions: [] },
  { tag: 'xbox-one', name: token('xbox[ ._-]?one'), extensions: [] },
  // The Series consoles have no category of their own: Console/Other.
  { tag: 'xbox', name: token('xbox(?![ ._-]?series)'), extensions: [] },
]

/** The platform tag of a console game, or null when neither its name nor its files say one with a category. */
export function consolePlatformTag(name: string, files: readonly TorrentFile[] | null): string | null {
  const extensions = new Set(files?.map((file) => file.extension))
  return (
    PLATFORMS.find((platform) => platform.name.test(name) || platform.extensions.some((extension) => extensions.has(extension)))?.tag ??
    null
  )
}
