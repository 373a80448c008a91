/** Landing sections, in page order (spec §2). `id` is the element id and URL hash. */
export const SECTIONS = [
  { id: 'home', label: 'Home' },
  { id: 'portfolio', label: 'Portfolio' },
  { id: 'about', label: 'About' },
  { id: 'ai-automation', label: 'AI Automation' },
  { id: 'skills', label: 'Skills' },
  { id: 'contact', label: 'Contact' },
] as const;
export type SectionId = (typeof SECTIONS)[number]['id'];

/** Sections linked from the top bar (spec §2 "Public navigation"). */
export const NAV_SECTIONS: SectionId[] = ['home', 'portfolio', 'about', 'skills', 'contact'];
