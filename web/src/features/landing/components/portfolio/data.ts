/**
 * Portfolio content of the landing page (spec §2 "Portfolio"): four categories
 * in page order, three items each. Every item has an image and either an
 * optional `link` ("View Project") or a `beforeAfter` comparison
 * ("View Before/After"), never both.
 *
 * Artwork lives in web/public/portfolio/ (self-contained SVGs, 800×600) and is
 * served from /portfolio/. The carousel cards show WebP renderings of it
 * (cardRaster; web/scripts/rasterize-portfolio.mjs makes them), the
 * before/after dialog the SVGs. Links currently open the full-size artwork;
 * point them at case studies or live sites when those exist.
 */

/** An image shown on a card; width/height are the intrinsic size (reserves space, no layout shift). */
export interface PortfolioImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** A redesign shown in the before/after dialog. Both images share the item image's size. */
export interface BeforeAfter {
  before: { src: string; alt: string };
  after: { src: string; alt: string };
  /** What was wrong with the "before" version. */
  issues: string[];
  /** What the "after" version does better. */
  improvements: string[];
}

interface PortfolioItemBase {
  id: string;
  title: string;
  description: string;
  technologies: string[];
  image: PortfolioImage;
}

/** A portfolio item: a plain item with an optional link, or a before/after redesign. */
export type PortfolioItem = PortfolioItemBase &
  ({ link?: string; beforeAfter?: undefined } | { beforeAfter: BeforeAfter; link?: undefined });

/** A portfolio item that has a before/after comparison. */
export type BeforeAfterItem = PortfolioItem & { beforeAfter: BeforeAfter };

export type PortfolioCategoryName = 'Logo & Brand Design' | 'Product Design' | 'Web Design' | 'App Development';

export interface PortfolioCategory {
  id: string;
  name: PortfolioCategoryName;
  /** One line under the category heading. */
  blurb: string;
  /** Accent colour and the soft backdrop gradient behind the artwork. */
  accent: string;
  backdrop: string;
  items: PortfolioItem[];
}

const W = 800;
const H = 600;
const art = (file: string, alt: string): PortfolioImage => ({ src: `/portfolio/${file}`, alt, width: W, height: H });

/** The SVG file (name in web/public/portfolio/) of a card's image. */
export function cardArtwork(image: PortfolioImage): string {
  return image.src.slice('/portfolio/'.length);
}

/**
 * The raster renderings of a card's image, as `<img src srcSet>`: 800 and 1600
 * pixels wide WebP beside the SVG. A browser lays out and paints SVG images
 * (text included) on the main thread, and decodes a WebP off it.
 */
export function cardRaster(image: PortfolioImage): { src: string; srcSet: string } {
  const base = image.src.replace(/\.svg$/, '');
  return { src: `${base}.webp`, srcSet: `${base}.webp ${W}w, ${base}@2x.webp ${2 * W}w` };
}

export const PORTFOLIO: readonly PortfolioCategory[] = [
  {
    id: 'brand',
    name: 'Logo & Brand Design',
    blurb: 'Identities that are simple to recognise and easy to use everywhere.',
    accent: '#4338ca',
    backdrop: 'linear-gradient(135deg, #eef2ff 0%, #e0e7ff 100%)',
    items: [
      {
        id: 'northwind-coffee',
        title: 'Northwind Coffee Roasters',
        description:
          'A full identity for a small-batch roastery: a compass-star mark, a tracked wordmark, a warm four-colour palette and packaging that works from cup sleeves to business cards.',
        technologies: ['Illustrator', 'Figma', 'Brand guidelines', 'Packaging'],
        image: art(
          'brand-northwind.svg',
          'Northwind Coffee Roasters identity board: compass-star logo, colour palette, business card and branded cup',
        ),
        link: '/portfolio/brand-northwind.svg',
      },
      {
        id: 'fern-field',
        title: 'Fern & Field Florist',
        description:
          'A logo refresh for a neighbourhood florist. The clip-art flower and word-art lettering gave way to a single-line fern monogram and a calm serif that prints cleanly at any size.',
        technologies: ['Logo refresh', 'Typography', 'Illustrator', 'Print'],
        image: art(
          'brand-fern-after.svg',
          'Fern & Field Florist logo after the refresh: a fern monogram with a serif wordmark and three applications',
        ),
        beforeAfter: {
          before: {
            src: '/portfolio/brand-fern-before.svg',
            alt: 'The old Fern & Field logo: rainbow word art, clip-art flower and a starburst',
          },
          after: {
            src: '/portfolio/brand-fern-after.svg',
            alt: 'The new Fern & Field logo: fern monogram and serif wordmark on sage',
          },
          issues: [
            'Rainbow word art and heavy drop shadows looked dated',
            'Generic clip-art flower said nothing about the shop',
            'Five typefaces competing in one lock-up',
            'Unreadable when printed small or in one colour',
          ],
          improvements: [
            'A single-line fern monogram that works at 16 px',
            'One serif wordmark with a quiet tracked tagline',
            'Two-colour palette for cheaper, consistent print',
            'Versions for stickers, tags and social avatars',
          ],
        },
      },
      {
        id: 'summit-ridge',
        title: 'Summit Ridge Outfitters',
        description:
          'A badge-based identity system for an outdoor gear shop: a primary seal, a compact mountain icon and a topographic pattern for tags, apparel and the web shop.',
        technologies: ['Identity system', 'Badge design', 'Pattern design', 'Apparel'],
        image: art(
          'brand-summit.svg',
          'Summit Ridge Outfitters badge logo with mountains and sun, plus a compact icon, wordmark and topographic pattern',
        ),
      },
    ],
  },
  {
    id: 'product',
    name: 'Product Design',
    blurb: 'Physical and digital products shaped around the people who use them.',
    accent: '#0f766e',
    backdrop: 'linear-gradient(135deg, #f0fdfa 0%, #ccfbf1 100%)',
    items: [
      {
        id: 'pulse-thermostat',
        title: 'Pulse Smart Thermostat',
        description:
          'Industrial and interface design for a round, wall-mounted thermostat. One dial, a glanceable temperature ring and an eco mode that explains itself.',
        technologies: ['Industrial design', 'UI design', 'Prototyping', 'User testing'],
        image: art(
          'product-pulse.svg',
          'Pulse smart thermostat on a wall showing 21 degrees with an orange heating ring',
        ),
        link: '/portfolio/product-pulse.svg',
      },
      {
        id: 'aero-earbuds',
        title: 'Aero Wireless Earbuds',
        description:
          'Form study and launch visuals for compact earbuds and a pocket-sized charging case, with a soft-touch finish and a single status light.',
        technologies: ['Form study', '3D visualisation', 'CMF', 'Launch visuals'],
        image: art(
          'product-aero.svg',
          'Aero wireless earbuds in front of their white charging case on a lilac backdrop',
        ),
        link: '/portfolio/product-aero.svg',
      },
      {
        id: 'lumen-lamp',
        title: 'Lumen Desk Lamp',
        description:
          'A balanced-arm desk lamp designed for small flats: no springs, a weighted base and a warm, glare-free head. From first sketches to production drawings.',
        technologies: ['Sketching', 'CAD', 'Technical drawings', 'Prototyping'],
        image: art(
          'product-lumen.svg',
          'Lumen desk lamp rendering beside its dimensioned technical drawing on grid paper',
        ),
      },
    ],
  },
  {
    id: 'web',
    name: 'Web Design',
    blurb: 'Fast, accessible websites that turn visitors into enquiries.',
    accent: '#c2410c',
    backdrop: 'linear-gradient(135deg, #fff7ed 0%, #ffedd5 100%)',
    items: [
      {
        id: 'harbor-hearth',
        title: 'Harbor & Hearth Realty',
        description:
          'A redesign of an estate agency site that had not changed since 2006. Clear search up front, real listing cards and a booking button on every page.',
        technologies: ['React', 'TypeScript', 'Responsive design', 'Accessibility'],
        image: art(
          'web-harbor-after.svg',
          'Harbor & Hearth Realty website after the redesign: clear hero, search bar and listing cards',
        ),
        beforeAfter: {
          before: {
            src: '/portfolio/web-harbor-before.svg',
            alt: 'The old Harbor & Hearth website: table layout, scrolling banner, tiny links',
          },
          after: {
            src: '/portfolio/web-harbor-after.svg',
            alt: 'The new Harbor & Hearth website: headline, property search and listing cards',
          },
          issues: [
            'Table layout that broke on phones',
            'Scrolling banner and “under construction” sign hurt trust',
            'Search hidden three clicks deep',
            'Low-contrast links and 10 px text',
          ],
          improvements: [
            'Mobile-first layout with search in the hero',
            'Listing cards with price, beds and area at a glance',
            'WCAG AA contrast and 16 px base text',
            'A “Book a viewing” button on every page',
          ],
        },
      },
      {
        id: 'greenline-bikes',
        title: 'Greenline Bikes Store',
        description:
          'An online shop for a city-bike maker: large product imagery, colour swatches that update the photo, and a two-step checkout.',
        technologies: ['E-commerce', 'React', 'Stripe', 'Performance'],
        image: art(
          'web-greenline.svg',
          'Greenline Bikes product page with a green commuter bike, price, colour swatches and an add to cart button',
        ),
        link: '/portfolio/web-greenline.svg',
      },
      {
        id: 'ledgerly',
        title: 'Ledgerly SaaS Landing Page',
        description:
          'A dark, product-led landing page for an accounting tool: one clear promise, a live-looking dashboard preview and a trial sign-up above the fold.',
        technologies: ['Landing page', 'Copywriting', 'Vite', 'A/B testing'],
        image: art(
          'web-ledgerly.svg',
          'Ledgerly landing page with a dark hero, headline, call-to-action buttons and a dashboard preview',
        ),
        link: '/portfolio/web-ledgerly.svg',
      },
    ],
  },
  {
    id: 'app',
    name: 'App Development',
    blurb: 'Mobile and web apps built end to end, from first screen to store release.',
    accent: '#be185d',
    backdrop: 'linear-gradient(135deg, #fdf2f8 0%, #fce7f3 100%)',
    items: [
      {
        id: 'fittrack',
        title: 'FitTrack Activity App',
        description:
          'A cross-platform fitness app with daily activity rings, weekly trends and offline workout logging that syncs when the phone is back online.',
        technologies: ['React Native', 'TypeScript', 'Firebase', 'Offline sync'],
        image: art(
          'app-fittrack.svg',
          'Two FitTrack phone screens: activity rings with daily stats, and a weekly bar chart with workouts',
        ),
        link: '/portfolio/app-fittrack.svg',
      },
      {
        id: 'pantry',
        title: 'Pantry Meal Planner',
        description:
          'A rebuild of a cluttered meal-planning app. The week is now one scrollable plan, recipes are cards, and the shopping list writes itself.',
        technologies: ['React', 'PWA', 'Firestore', 'UX redesign'],
        image: art(
          'app-pantry-after.svg',
          'Pantry meal planner after the redesign: week strip, recipe cards and a shopping list',
        ),
        beforeAfter: {
          before: {
            src: '/portfolio/app-pantry-before.svg',
            alt: 'The old Pantry app: dense grey table, tiny buttons and an advert banner',
          },
          after: {
            src: '/portfolio/app-pantry-after.svg',
            alt: 'The new Pantry app: day chips, recipe cards and a checklist',
          },
          issues: [
            'Dense table of meals with 9 px text',
            'Seven tiny toolbar buttons with unclear labels',
            'Advert banner covering the plan',
            'No way to turn a plan into a shopping list',
          ],
          improvements: [
            'One-thumb week strip and large recipe cards',
            'A single primary action per screen',
            'Shopping list generated from the week’s plan',
            'Works offline as an installable PWA',
          ],
        },
      },
      {
        id: 'fleet-ops',
        title: 'Fleet Ops Dashboard',
        description:
          'A tablet-first operations dashboard for a delivery company: live routes on a map, vehicle status at a glance and alerts that dispatchers can act on.',
        technologies: ['React', 'Maps', 'WebSockets', 'Data visualisation'],
        image: art(
          'app-fleet.svg',
          'Fleet Ops tablet dashboard with a route map, vehicle list with status dots and KPI cards',
        ),
        link: '/portfolio/app-fleet.svg',
      },
    ],
  },
];
