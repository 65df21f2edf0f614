/**
 * Corrections to the base parser's episode numbers, each for a naming habit it misreads:
 * - `Ep 107`, `Ep#36`, `Ep02v2` (fansub and anime naming) give no episode at all;
 * - `5of6`, `2 Of 4`, `3iz6` (documentary parts) come back as the range 1..5 instead of part 5;
 * - `[Group] One Piece 1098 VOSTFR` (fansub absolute numbering with no dash) gives nothing.
 */
const EPISODE_WORD = /(?:^|[^a-z])ep(?:isode)?[ ._#-]*(\d{1,4})(?:v\d)?(?![0-9])/i
// A part number never follows a range dash: `01-08 of 16` is episodes 1 to 8 of a 16-episode season.
const PART_OF = /(?<![0-9-])(\d{1,2})[ ._]?(?:of|iz)[ ._]?(\d{1,2})(?![0-9])/i

// After a leading [Group] tag, a bare 2-4 digit number ends the title; years and resolutions aside.
const FANSUB_ABSOLUTE = /^\[[^\]]+\][^[(]*?[ ._](\d{2,4})(?:v\d)?(?=[ ._[(]|$)(?![ ._]?(?:p|i)\b)/i

export function correctEpisodes(name: string, episodes: number[]): number[] {
  if (episodes.length === 0) {
    const word = EPISODE_WORD.exec(name)
    if (word) return [Number(word[1])]
    const absolute = FANSUB_ABSOLUTE.exec(name)
    const number = Number(absolute?.[1])
    return absolute && !(number >= 1900 && number <= 2099) ? [number] : episodes
  }
  const part = PART_OF.exec(name)
  if (part && isRangeUpTo(episodes, Number(part[1])) && Number(part[1]) <= Number(part[2])) return [Number(part[1])]
  return episodes
}

function isRangeUpTo(episodes: number[], last: number): boolean {
  return episodes.length === last && episodes.every((episode, i) => episode === i + 1)
}
