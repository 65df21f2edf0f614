/**
 * What is taken out of a name before it is parsed, because the base parser reads it as part of
 * the release: full-width characters (`１５８`, from CJK keyboards) written as their ASCII
 * selves, and a web site's tag (`[www.site.es]`, `(site.org.ru)`, `www.site.com - `), whose
 * domain it would take for a language (`.es`) and whose words for the title.
 */

// Full-width ASCII (U+FF01-FF5E) and the ideographic space; almost no name has any (hot path).
const FULL_WIDTH = /[\uff01-\uff5e\u3000]/
const FULL_WIDTH_ALL = /[\uff01-\uff5e\u3000]/g
// One scan screens every name: a full-width character or a closing bracket (most scene names have neither).
const MAY_NEED_CLEANING = /[\uff01-\uff5e\u3000\])]/

// A domain: labels joined by dots ending in a generic top-level domain (`wolfmax4k.com`), a
// country's after a generic second level (`site.org.ru`), or any country's after `www.`. A
// country's alone is left: `[Eng.Es]` lists languages, and `x264.AAC` or `DD5.1` are no domains.
const GENERIC = 'com|net|org|info|biz|tv|cc|io|ws|xyz|club|site|online|vip|eu|us|to|me'
const COUNTRY = 'es|ru|fr|de|it|pt|br|mx|ar|pl|nl|be|ch|at|se|cz|sk|hu|ro|gr|tr|ua|uk|in|jp|kr|cn|tw|dk|no|fi|ca|au'
const LABELS = '[a-z0-9-]+(?:\\.[a-z0-9-]+)*'
const DOMAIN = `(?:https?://)?(?:(?:www\\.)?${LABELS}\\.(?:${GENERIC})(?:\\.(?:${COUNTRY}))?|www\\.${LABELS}\\.(?:${COUNTRY}))`
// Bracketed anywhere, or leading the name before a dash.
const SITE_TAG = new RegExp(`[[(]${DOMAIN}[\\])]|^${DOMAIN}[ ._]*-[ ._]*`, 'gi')
// Screens for the above, cheapest first: a bracket closing after a top-level domain, or a leading `www.`.
const MAY_HAVE_SITE = new RegExp(`\\.(?:${GENERIC}|${COUNTRY})[\\])]`, 'i')
const LEADING_SITE = /^(?:https?:\/\/)?www\./i

export function cleanReleaseName(name: string): string {
  const mayNeed = MAY_NEED_CLEANING.test(name)
  if (!mayNeed && !LEADING_SITE.test(name)) return name
  let cleaned = name
  if (mayNeed && FULL_WIDTH.test(cleaned))
    cleaned = cleaned.replace(FULL_WIDTH_ALL, (char) => (char === '\u3000' ? ' ' : String.fromCharCode(char.charCodeAt(0) - 0xfee0)))
  if ((mayNeed && MAY_HAVE_SITE.test(cleaned)) || LEADING_SITE.test(cleaned)) {
    const withoutSite = cleaned.replace(SITE_TAG, '').trim()
    // A name that is nothing but a site's tag keeps it: there is nothing else to read.
    if (withoutSite !== '') cleaned = withoutSite
  }
  return cleaned
}
