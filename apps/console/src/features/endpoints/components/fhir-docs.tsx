import {
  FHIR_CONTENT_TYPES,
  FHIR_COUNT_DEFAULT,
  FHIR_COUNT_MAX,
  FHIR_RESOURCES,
  FHIR_RESOURCE_TYPES,
  HEADERS,
  fhirBasePath,
} from '@ehr-gateway/contracts';

import { CodeBlock } from '@/components/code-block';
import { Table, TableBody, TableCell, TableHeadings, TableRow } from '@/components/ui/table';

import { fhirExamples } from '../lib/fhir-presets';
import { DocsCard } from './docs-card';

export interface FhirDocsProps {
  origin: string;
  /** The Mock EHR's practice (the gateway config's). */
  practiceId: string;
  /** athena's practice, when athena is configured. */
  athenaPracticeId?: string | null;
  athenaConfigured?: boolean;
}

/**
 * The FHIR R4 face: where each EHR's FHIR base is, what it serves (from the same declarations the
 * gateway registers its FHIR routes and CapabilityStatement from) and example requests.
 */
export function FhirDocs({
  origin,
  practiceId,
  athenaPracticeId = null,
  athenaConfigured = true,
}: FhirDocsProps) {
  const bases = [
    { label: 'Mock EHR', url: `${origin}${fhirBasePath('mock', practiceId)}`, ready: true },
    {
      label: 'athena',
      url: `${origin}${fhirBasePath('athena', athenaPracticeId ?? practiceId)}`,
      ready: athenaConfigured,
    },
  ];
  const exampleBase = athenaConfigured ? bases[1]!.url : bases[0]!.url;
  return (
    <div className="space-y-4">
      <DocsCard
        id="fhir-bases"
        title="FHIR R4 bases"
        description={
          <>
            Each EHR and practice answers as a FHIR R4 server (US Core where US Core has a profile)
            at{' '}
            <code className="font-mono">
              /fhir/r4/{'{source}'}/{'{practiceId}'}
            </code>
            . Send the API key as <code className="font-mono">{HEADERS.apiKey}</code> or{' '}
            <code className="font-mono">Authorization: Bearer</code>; reads need{' '}
            <code className="font-mono">ehr:read</code>, booking and cancelling{' '}
            <code className="font-mono">ehr:write</code>. Answers are{' '}
            <code className="font-mono">{FHIR_CONTENT_TYPES.fhirJson}</code>; errors are
            OperationOutcomes.
          </>
        }
      >
        <Table aria-label="FHIR bases">
          <TableHeadings labels={['EHR', 'Base URL', 'CapabilityStatement']} />
          <TableBody>
            {bases.map((base) => (
              <TableRow key={base.label}>
                <TableCell>
                  {base.label}
                  {!base.ready && <span className="block text-xs">(not configured)</span>}
                </TableCell>
                <TableCell className="font-mono text-xs break-all">{base.url}</TableCell>
                <TableCell className="font-mono text-xs break-all">{base.url}/metadata</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </DocsCard>
      <FhirResourceTable />
      <DocsCard
        id="fhir-examples"
        title="Examples"
        description={
          <>
            Searches answer searchset Bundles, {FHIR_COUNT_DEFAULT} entries a page by default (
            <code className="font-mono">_count</code> up to {FHIR_COUNT_MAX}); follow the{' '}
            <code className="font-mono">next</code> link for more. Unknown parameters are ignored
            and reported in the Bundle, or refused with{' '}
            <code className="font-mono">Prefer: handling=strict</code>.
          </>
        }
        contentClassName="space-y-3"
      >
        {fhirExamples(exampleBase).map((example) => (
          <div key={example.title} className="space-y-1">
            <h4 className="text-sm font-semibold">{example.title}</h4>
            <CodeBlock aria-label={example.title} className="max-h-none text-foreground">
              {example.curl}
            </CodeBlock>
          </div>
        ))}
      </DocsCard>
    </div>
  );
}

/** Per resource: what it stands for, its interactions and search parameters. */
function FhirResourceTable() {
  return (
    <DocsCard id="fhir-resources" title="Resources and searches">
      {/* Scrolls sideways on a phone rather than squeezing the parameters to a letter a line. */}
      <Table aria-label="FHIR resources" className="min-w-[36rem]">
        <TableHeadings labels={['Resource', 'Interactions', 'Search parameters']} />
        <TableBody>
          {FHIR_RESOURCE_TYPES.map((type) => {
            const declaration = FHIR_RESOURCES[type];
            return (
              <TableRow key={type}>
                <TableCell className="align-top">
                  <span className="font-mono">{type}</span>
                  <span className="block text-xs text-muted-foreground">{declaration.summary}</span>
                </TableCell>
                <TableCell className="align-top font-mono text-xs">
                  {declaration.interactions.join(', ')}
                </TableCell>
                <TableCell className="align-top text-xs">
                  <ul className="space-y-1">
                    {declaration.searchParams.map((param) => (
                      <li key={param.name}>
                        <code className="font-mono">{param.name}</code> {param.documentation}
                      </li>
                    ))}
                  </ul>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </DocsCard>
  );
}
