const englishPlurals = new Intl.PluralRules('en');

/** "1 click", "2 clicks", "1,200 views": a count with its noun in the form English gives it. */
export function countOf(count: number, forms: { one: string; other: string }): string {
  const form = englishPlurals.select(count) === 'one' ? forms.one : forms.other;
  return `${count.toLocaleString('en')} ${form}`;
}
