/**
 * The hosted-project tool's demo catalogue (spec §2 "Hosted-project quote tool",
 * §3 "Hosted project (demo)"): the hosting platform has no public API, so the
 * projects a username "has" are deterministic sample data generated here from
 * a small catalogue of templates. The rules that price a project (the analysis
 * model, the deposit split, the schemas) stay in domain/hostedProjects.ts; this
 * is only where the sample projects come from.
 */
import {
  fnv1a32,
  HOSTED_LANGUAGES,
  HOSTED_LIMITS,
  HOSTED_USERNAME_PATTERN,
  mulberry32,
  type HostedLanguage,
  type HostedProject,
} from '@studio/domain';
import { subMinutes } from 'date-fns';
import { minutesInDay, minutesInHour } from 'date-fns/constants';

function canonicalUsername(username: string): string {
  const trimmed = typeof username === 'string' ? username.trim() : '';
  if (!HOSTED_USERNAME_PATTERN.test(trimmed)) {
    throw new RangeError(
      `username must be 1–${HOSTED_LIMITS.username} letters, digits, dashes or underscores, got ${JSON.stringify(username)}`,
    );
  }
  return trimmed.toLowerCase();
}

interface Template {
  slug: string;
  title: string;
  lang: HostedLanguage;
  files: string[];
}

/** Two sample projects per language; `demoProjects` picks from these. */
const TEMPLATES: readonly Template[] = [
  {
    slug: 'portfolio-landing',
    title: 'Portfolio Landing Page',
    lang: 'HTML',
    files: [
      'index.html',
      'about.html',
      'contact.html',
      'css/style.css',
      'js/main.js',
      'images/hero.jpg',
      'images/logo.svg',
      'README.md',
      '.replit',
    ],
  },
  {
    slug: 'bakery-menu',
    title: 'Bakery Menu Site',
    lang: 'HTML',
    files: [
      'index.html',
      'menu.html',
      'order.html',
      'css/style.css',
      'css/menu.css',
      'js/cart.js',
      'js/stripe-checkout.js',
      'images/cupcakes.jpg',
      'images/storefront.jpg',
      '.replit',
    ],
  },
  {
    slug: 'react-task-board',
    title: 'Task Board',
    lang: 'React',
    files: [
      'index.html',
      'package.json',
      'vite.config.js',
      'src/main.jsx',
      'src/App.jsx',
      'src/App.css',
      'src/components/Board.jsx',
      'src/components/Column.jsx',
      'src/components/TaskCard.jsx',
      'src/components/NewTaskForm.jsx',
      'src/hooks/useTasks.js',
      'src/utils/storage.js',
      'README.md',
      '.replit',
    ],
  },
  {
    slug: 'weather-dashboard',
    title: 'Weather Dashboard',
    lang: 'React',
    files: [
      'index.html',
      'package.json',
      'vite.config.js',
      'src/main.jsx',
      'src/App.jsx',
      'src/index.css',
      'src/api/weatherApi.js',
      'src/components/SearchBar.jsx',
      'src/components/CurrentConditions.jsx',
      'src/components/ForecastChart.jsx',
      'src/components/CityList.jsx',
      'src/hooks/useGeolocation.js',
      'src/hooks/useForecast.js',
      'public/icons/sun.svg',
      'public/icons/rain.svg',
      '.replit',
    ],
  },
  {
    slug: 'nextjs-saas-starter',
    title: 'SaaS Starter',
    lang: 'Next.js',
    files: [
      'package.json',
      'next.config.js',
      'tailwind.config.js',
      'prisma/schema.prisma',
      'app/layout.tsx',
      'app/page.tsx',
      'app/globals.css',
      'app/dashboard/page.tsx',
      'app/pricing/page.tsx',
      'app/login/page.tsx',
      'app/api/auth/[...nextauth]/route.ts',
      'app/api/stripe/webhook/route.ts',
      'app/api/projects/route.ts',
      'components/Navbar.tsx',
      'components/PricingTable.tsx',
      'components/ProjectList.tsx',
      'lib/db.ts',
      'lib/stripe.ts',
      'middleware.ts',
      '.env.example',
      'README.md',
      '.replit',
    ],
  },
  {
    slug: 'nextjs-marketing-blog',
    title: 'Marketing Blog',
    lang: 'Next.js',
    files: [
      'package.json',
      'next.config.js',
      'app/layout.tsx',
      'app/page.tsx',
      'app/blog/page.tsx',
      'app/blog/[slug]/page.tsx',
      'app/globals.css',
      'components/Header.tsx',
      'components/Footer.tsx',
      'components/PostCard.tsx',
      'content/posts/launch-week.mdx',
      'content/posts/design-tips.mdx',
      'lib/posts.ts',
      'public/og-image.png',
      '.replit',
    ],
  },
  {
    slug: 'vue-recipe-finder',
    title: 'Recipe Finder',
    lang: 'Vue',
    files: [
      'index.html',
      'package.json',
      'vite.config.js',
      'src/main.js',
      'src/App.vue',
      'src/components/RecipeCard.vue',
      'src/components/SearchFilters.vue',
      'src/components/IngredientList.vue',
      'src/views/HomeView.vue',
      'src/views/RecipeView.vue',
      'src/router/index.js',
      'src/services/recipeApi.js',
      'src/stores/favorites.js',
      'public/favicon.ico',
      '.replit',
    ],
  },
  {
    slug: 'vue-event-rsvp',
    title: 'Event RSVP',
    lang: 'Vue',
    files: [
      'index.html',
      'package.json',
      'vite.config.js',
      'src/main.js',
      'src/App.vue',
      'src/firebase.js',
      'src/components/EventForm.vue',
      'src/components/GuestList.vue',
      'src/components/RsvpButton.vue',
      'src/composables/useAuth.js',
      'src/db/guests.js',
      '.replit',
    ],
  },
  {
    slug: 'ai-support-chatbot',
    title: 'AI Support Chatbot',
    lang: 'Python',
    files: [
      'main.py',
      'requirements.txt',
      'bot/__init__.py',
      'bot/openai_client.py',
      'bot/prompts.py',
      'bot/knowledge_base.py',
      'templates/index.html',
      'static/chat.js',
      'static/style.css',
      'tests/test_bot.py',
      '.replit',
      'replit.nix',
    ],
  },
  {
    slug: 'flask-inventory-api',
    title: 'Inventory API',
    lang: 'Python',
    files: [
      'main.py',
      'requirements.txt',
      'app/__init__.py',
      'app/models.py',
      'app/routes.py',
      'app/auth.py',
      'app/schemas.py',
      'migrations/env.py',
      'instance/inventory.db',
      'tests/test_routes.py',
      'tests/test_models.py',
      '.replit',
      'replit.nix',
      'README.md',
    ],
  },
  {
    slug: 'express-booking-api',
    title: 'Booking API',
    lang: 'Node.js',
    files: [
      'index.js',
      'package.json',
      'src/app.js',
      'src/routes/bookings.js',
      'src/routes/users.js',
      'src/routes/payments.js',
      'src/controllers/bookingController.js',
      'src/models/Booking.js',
      'src/models/User.js',
      'src/middleware/auth.js',
      'src/services/payments.js',
      'src/services/email.js',
      'src/db.js',
      'src/config.js',
      'docs/openapi.yaml',
      'tests/bookings.test.js',
      '.env.example',
      '.replit',
    ],
  },
  {
    slug: 'discord-automation-bot',
    title: 'Discord Automation Bot',
    lang: 'Node.js',
    files: [
      'index.js',
      'package.json',
      'commands/ping.js',
      'commands/summarize.js',
      'commands/remind.js',
      'events/ready.js',
      'events/messageCreate.js',
      'lib/openai.js',
      'lib/scheduler.js',
      'automation/rules.js',
      '.replit',
    ],
  },
];

/** The demo data's seed hash (hash.ts, the one FNV-1a). */
const hash32 = fnv1a32;

/**
 * Deterministic sample projects for a demo username (spec §2, §3; the platform
 * has no public API).
 *
 * Returns 7 or 8 projects, newest `timeUpdated` first: one per language in
 * `HOSTED_LANGUAGES` plus one or two more, at least two deployed (Live) and at
 * least two not. The username is trimmed and lowercased; it seeds every choice,
 * so the same username and `now` always give the same projects. `timeUpdated`
 * values lie between 1 hour and about 60 days before `now`. Each `url` is
 * `https://replit.com/@{username}/{slug}`; each `id` is `demo:{username}:{slug}`.
 *
 * @throws RangeError when the username is not 1–40 letters, digits, dashes or
 *   underscores after trimming, or `now` is not a valid Date.
 */
export function demoProjects(username: string, now: Date): HostedProject[] {
  const user = canonicalUsername(username);
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new RangeError('now must be a valid Date');
  const random = mulberry32(hash32(`hosted-demo:${user}`));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

  const chosen: Template[] = HOSTED_LANGUAGES.map((lang) => pick(TEMPLATES.filter((t) => t.lang === lang)));
  const extras = 1 + Math.floor(random() * 2);
  for (let i = 0; i < extras; i++) chosen.push(pick(TEMPLATES.filter((t) => !chosen.includes(t))));

  // Seeded Fisher–Yates shuffle, so the language order varies by user.
  for (let i = chosen.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [chosen[i], chosen[j]] = [chosen[j]!, chosen[i]!];
  }

  const live = chosen.map(() => random() < 0.5);
  for (let i = 0; live.filter(Boolean).length < 2; i++) live[i] = true;
  for (let i = live.length - 1; live.filter((l) => !l).length < 2; i--) live[i] = false;

  const host = user.replace(/_/g, '-');
  let ageMinutes = 0;
  return chosen.map((t, i) => {
    // First project: 1 h to 1 day old; each next one 1 h to ~8.5 days older.
    ageMinutes += minutesInHour + Math.floor(random() * (i === 0 ? 23 * minutesInHour : 8 * minutesInDay));
    return {
      id: `demo:${user}:${t.slug}`,
      slug: t.slug,
      title: t.title,
      lang: t.lang,
      files: [...t.files],
      deployment: live[i] ? { status: 'live', url: `https://${t.slug}-${host}.replit.app` } : null,
      url: `https://replit.com/@${user}/${t.slug}`,
      timeUpdated: subMinutes(now, ageMinutes).toISOString(),
    };
  });
}

/**
 * Finds a demo project by its id (`demo:{username}:{slug}`) by regenerating that
 * username's projects with the same `now`. Returns null when the id is malformed
 * or names no project of that username; never throws for a bad id.
 */
export function findDemoProject(projectId: string, now: Date): HostedProject | null {
  const m = /^demo:([a-z0-9_-]{1,40}):([a-z0-9-]{1,80})$/.exec(typeof projectId === 'string' ? projectId : '');
  if (!m) return null;
  return demoProjects(m[1]!, now).find((p) => p.id === projectId) ?? null;
}
