/** The word for a season in the languages release names and media servers use (`Staffel 2`, `Kausi 1`). */
export const SEASON_WORDS = 'season|saison|staffel|temporada|stagione|sæson|säsong|saesong|sesong|kausi|sezona|sezóna|seizoen'
