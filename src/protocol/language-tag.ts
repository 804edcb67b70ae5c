/**
 * The language of a BCP 47 tag, as the widget and the provider's mails match it to their
 * catalogues: its language subtag ('ja-JP' → 'ja', 'pt_BR' → 'pt'). Chinese in Traditional
 * characters (zh-Hant, or a region that writes them: zh-TW, zh-HK, zh-MO) is 'zh-hant', which has
 * no catalogue: as CLDR has it, Traditional Chinese does not fall back to Simplified ('zh'), so
 * such a tag shows the visitor's next language, or English. (The surface needs none of this: it
 * takes the language the widget shows.)
 */
export const languageOfTag = (tag: string): string => {
  const lower = tag.toLowerCase();
  return /^zh[-_](hant|tw|hk|mo)\b/.test(lower) ? 'zh-hant' : (lower.split(/[-_]/)[0] as string);
};
