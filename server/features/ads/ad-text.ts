// Whether an ad's text is drawn over its media, kept without a migration in ads.text_color: 'white'
// or 'dark' is the colour of the text drawn over the slide, 'none' an image or video ad shown as the
// merchant made it, without its title and subtitle over the media. A text ad always shows its text.
import type { AdType } from '#contract/ads';

export const NO_TEXT_OVER_MEDIA = 'none';

/** The text_color column for a draft. */
export const textColorColumn = (type: AdType, textColor: 'white' | 'dark', showText: boolean): string => (type !== 'text' && !showText ? NO_TEXT_OVER_MEDIA : textColor);

/** The API's text_color and show_text of a stored ad. */
export const shownText = (type: string, column: string): { text_color: 'white' | 'dark'; show_text: boolean } => ({
  text_color: column === 'dark' ? 'dark' : 'white',
  show_text: type === 'text' || column !== NO_TEXT_OVER_MEDIA,
});
