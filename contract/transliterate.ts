// Issue 37: pool workers are ASCII (pool conventions), so a set named in Cyrillic needs a Latin default worker.
// The table is the Russian passport's transliteration (ICAO Doc 9303, in Russian passports since 2014), plus
// the Ukrainian and Belarusian letters it lacks; a table of 40-odd letters did not warrant a dependency.
const TABLE: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'i',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: 'ie',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'iu',
  я: 'ia',
  і: 'i',
  ї: 'i',
  є: 'ie',
  ґ: 'g',
  ў: 'u',
};

/** The text with its Cyrillic letters in Latin ones ('ФермаБета' → 'FermaBeta'); other characters kept. */
export function transliterate(text: string): string {
  return Array.from(text, (char) => {
    const lower = char.toLowerCase();
    const latin = TABLE[lower];
    if (latin === undefined) return char;
    return char === lower || latin === '' ? latin : latin[0].toUpperCase() + latin.slice(1);
  }).join('');
}
