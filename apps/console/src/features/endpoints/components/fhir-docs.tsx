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
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';

import { fhirExamples } from '../lib/fhir-presets';

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
      <Card aria-labelledby="fhir-bases">
        <CardHeader>
          <h3 id="fhir-bases" className="text-base font-semibold">
            FHIR R4 bases
          </h3>
          <CardDescription>
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
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Table aria-label="FHIR bases">
            <TableHeader>
              <TableRow>
                <TableHead>EHR</TableHead>
                <TableHead>Base URL</TableHead>
                <TableHead>CapabilityStatement</TableHead>
              </TableRow>
            </TableHeader>
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
        </CardContent>
      </Card>
      <FhirResourceTable />
      <Card aria-labelledby="fhir-examples">
        <CardHeader>
          <h3 id="fhir-examples" className="text-base font-semibold">
            Examples
          </h3>
          <CardDescription>
            Searches answer searchset Bundles, {FHIR_COUNT_DEFAULT} entries a page by default (
            <code className="font-mono">_count</code> up to {FHIR_COUNT_MAX}); follow the{' '}
            <code className="font-mono">next</code> link for more. Unknown parameters are ignored
            and reported in the Bundle, or refused with{' '}
            <code className="font-mono">Prefer: handling=strict</code>.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          {fhirExamples(exampleBase).map((example) => (
            <div key={example.title} className="space-y-1">
              <h4 className="text-sm font-semibold">{example.title}</h4>
              <CodeBlock aria-label={example.title} className="max-h-none text-foreground">
                {example.curl}
              </CodeBlock>
            </div>
          ))}
        </CardContent>
      </Card>
    </div>
  );
}

/** Per resource: what it stands for, its interactions and search parameters. */
function FhirResourceTable() {
  return (
    <Card aria-labelledby="fhir-resources">
      <CardHeader>
        <h3 id="fhir-resources" className="text-base font-semibold">
          Resources and searches
        </h3>
      </CardHeader>
      <CardContent>
        {/* Scrolls sideways on a phone rather than squeezing the parameters to a letter a line. */}
        <Table aria-label="FHIR resources" className="min-w-[36rem]">
          <TableHeader>
            <TableRow>
              <TableHead>Resource</TableHead>
              <TableHead>Interactions</TableHead>
              <TableHead>Search parameters</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {FHIR_RESOURCE_TYPES.map((type) => {
              const declaration = FHIR_RESOURCES[type];
              return (
                <TableRow key={type}>
                  <TableCell className="align-top">
                    <span className="font-mono">{type}</span>
                    <span className="block text-xs text-muted-foreground">
                      {declaration.summary}
                    </span>
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
      </CardContent>
    </Card>
  );
}
