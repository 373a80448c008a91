/**
 * The hosted-project quote form's values (spec §5 "Hosted-project quote
 * form"): its defaults, the number inputs' text, and the estimate the form's
 * values give, computed with the same domain model the server prices the lead
 * with, so what the admin sees is what gets stored.
 */
import {
  analyzeHostedFacts,
  HOSTED_DEFAULT_FILE_COUNT,
  HOSTED_DEFAULT_LANGUAGE,
  HOSTED_DEFAULT_RATE_DOLLARS,
  hostedQuoteFormSchema,
  isDeployed,
  rateDollarsToCents,
  type HostedAnalysisResult,
  type HostedProject,
  type HostedQuoteFormInput,
} from '@studio/domain';

/** The form values that drive the price (the rest names the project and the client). */
const estimateSchema = hostedQuoteFormSchema.pick({
  language: true,
  fileCount: true,
  hasDeployment: true,
  baseHourlyRate: true,
  features: true,
});

/** The estimate the server will store for these form values, or null while they are invalid. */
export function estimateFromForm(values: Partial<HostedQuoteFormInput>): HostedAnalysisResult | null {
  const parsed = estimateSchema.safeParse({
    language: values.language,
    fileCount: values.fileCount,
    hasDeployment: values.hasDeployment,
    baseHourlyRate: values.baseHourlyRate,
    features: values.features,
  });
  if (!parsed.success) return null;
  const f = parsed.data;
  return analyzeHostedFacts(
    { language: f.language, fileCount: f.fileCount, hasDeployment: f.hasDeployment, features: f.features ?? [] },
    rateDollarsToCents(f.baseHourlyRate),
  );
}

/** The form's starting values: the demo `project`'s facts, or empty for a manual quote (null). */
export function formDefaults(project: HostedProject | null): HostedQuoteFormInput {
  return {
    projectId: project?.id ?? '',
    projectTitle: project?.title ?? '',
    language: project?.lang ?? HOSTED_DEFAULT_LANGUAGE,
    fileCount: project ? project.files.length : HOSTED_DEFAULT_FILE_COUNT,
    hasDeployment: project ? isDeployed(project.deployment) : false,
    clientName: '',
    clientEmail: '',
    baseHourlyRate: HOSTED_DEFAULT_RATE_DOLLARS,
    features: [],
  };
}

/** Text input value of a number field: '' for NaN/undefined (an emptied field). */
export const numberText = (v: unknown) => (typeof v === 'number' && !Number.isNaN(v) ? v : '');
/** Number of a number input; an empty field becomes NaN so the schema reports it instead of using the default. */
export const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
