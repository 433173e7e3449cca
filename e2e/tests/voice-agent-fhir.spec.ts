import { mkdir } from 'node:fs/promises';
import path from 'node:path';

import { HEADERS } from '@ehr-gateway/contracts';
import { SAMPLE_PATIENT, sampleCallerRequest } from '@ehr-gateway/synthetic-practice';
import { expect, request, test, type Page } from '@playwright/test';

import { adminApi, createApiKey } from '../support/api';
import { BOOKS, followTestClock } from '../support/clock';
import { startFhirDemo, type RunningFhirDemo } from '../support/fhir-sandbox';
import { SCREENSHOTS_DIR } from '../support/constants';
import { signInThroughForm, waitForScreenReady } from '../support/ui';

/** The phone line the gateway seeds when a FHIR EHR is configured, as `npm run demo` does. */
const FHIR_LINE = 'Demo Health Network (FHIR) · FHIR EHR';

/**
 * The Voice Agent simulator at the FHIR practice: a gateway configured against the FHIR sandbox
 * offers its seeded FHIR line, and a scripted call books, reschedules and cancels there; the
 * booking is read back through the REST API with source=fhir.
 */
test.describe('Voice Agent simulator at the FHIR practice', () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  let demo: RunningFhirDemo;
  let key: string;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    demo = await startFhirDemo('gateway-voice-fhir.log');
    const api = await adminApi(demo.gateway.baseURL);
    key = (await createApiKey(api, 'Voice agent simulator (FHIR)')).key;
  });
  test.afterAll(async () => {
    await demo?.stop();
  });

  async function openSimulator(page: Page) {
    await page.goto(`${demo.gateway.baseURL}/`);
    await signInThroughForm(page);
    await waitForScreenReady(page, 'Dashboard');
    await page.goto(`${demo.gateway.baseURL}/endpoints?tab=voice`);
    await waitForScreenReady(page, 'Endpoints');
    const simulator = page.getByRole('region', { name: 'Conversation simulator' });
    await simulator.getByLabel('API Key').fill(key);
    await simulator.getByLabel('API Key').blur();
    await simulator.getByLabel('Phone line (tenant)').click();
    await page.getByRole('option', { name: FHIR_LINE, exact: true }).click();
    await expect(simulator.getByLabel('Phone line (tenant)')).toContainText(FHIR_LINE);
    return simulator;
  }

  test(
    'books, reschedules and cancels at the FHIR EHR, and the booking is in it',
    { tag: BOOKS },
    async ({ page }) => {
      test.setTimeout(180_000);
      await followTestClock(page);
      const simulator = await openSimulator(page);
      await simulator.getByLabel('Caller says').fill(sampleCallerRequest({ sayBirthDate: true }));
      await simulator.getByRole('button', { name: 'Add to conversation' }).click();

      async function run(tool: string) {
        await simulator.getByLabel('Tool', { exact: true }).click();
        await page.getByRole('option', { name: tool, exact: true }).click();
        await simulator.getByRole('button', { name: 'Propose arguments' }).click();
        await expect(simulator.getByLabel('Arguments (JSON)')).not.toHaveValue('{}');
        const answers = simulator.getByLabel(`${tool} answer`);
        const before = await answers.count();
        await simulator.getByRole('button', { name: 'Call tool' }).click();
        await expect(answers).toHaveCount(before + 1, { timeout: 30_000 });
        return (await answers.last().textContent()) ?? '';
      }

      expect(await run('verify_patient')).toBe(
        `Agent hears: Thank you, ${SAMPLE_PATIENT.firstName}, I found your record.`,
      );
      expect(await run('find_open_slots')).toMatch(/^Agent hears: I have \w+day .+ in the morning/);
      // Answered by the FHIR sandbox, which counts what it books and cancels.
      const stats = async () =>
        (await (await fetch(`${demo.fhir.url}/_sandbox/stats`)).json()) as {
          appointmentsBooked: number;
          appointmentsCancelled: number;
        };
      const atStart = await stats();
      const booked = await run('book_appointment');
      // A FHIR id is an opaque token nobody could note down over the phone: it is not read out.
      expect(booked).toMatch(
        /^Agent hears: You're booked for .+\. The clinic has it under your name and date of birth\.$/,
      );
      // The agent keeps the FHIR EHR's own id for the Appointment in the tool's data.
      const bookedTurn = simulator.getByLabel('book_appointment answer').last().locator('xpath=..');
      await bookedTurn.getByText('Arguments and data').click();
      const { data } = JSON.parse((await bookedTurn.locator('pre').textContent()) ?? '{}') as {
        data: { confirmationNumber: string };
      };
      const confirmation = data.confirmationNumber;

      const api = await request.newContext({ baseURL: demo.gateway.baseURL });
      const url = `/api/${demo.fhir.practiceId}/appointments/${confirmation}?source=fhir`;
      const stored = await api.get(url, { headers: { [HEADERS.apiKey]: key } });
      expect(stored.status(), await stored.text()).toBe(200);
      expect(await stored.json()).toMatchObject({ id: confirmation, status: 'Scheduled' });
      expect((await stats()).appointmentsBooked).toBe(atStart.appointmentsBooked + 1);

      expect(await run('list_appointments')).toMatch(
        /^Agent hears: You have .*upcoming appointment/,
      );
      expect(await run('reschedule_appointment')).toMatch(
        /^Agent hears: Done: you're now booked for .+ and the old appointment is cancelled\./,
      );
      const old = await api.get(url, { headers: { [HEADERS.apiKey]: key } });
      expect(await old.json()).toMatchObject({ status: 'Cancelled' });
      expect(await run('cancel_appointment')).toMatch(
        /^Agent hears: Your appointment .+ is cancelled\./,
      );
      // The booking and the new time; the old time and the cancel.
      expect(await stats()).toMatchObject({
        appointmentsBooked: atStart.appointmentsBooked + 2,
        appointmentsCancelled: atStart.appointmentsCancelled + 2,
      });
      await api.dispose();

      // The finished call in both themes (the console follows the system's), desktop and phone.
      const html = page.locator('html');
      await mkdir(SCREENSHOTS_DIR, { recursive: true });
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
        for (const colorScheme of ['light', 'dark'] as const) {
          await page.emulateMedia({ colorScheme });
          await (colorScheme === 'dark' ? expect(html) : expect(html).not).toHaveClass(/\bdark\b/);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(overflow, `${width} px, ${colorScheme}`).toBeLessThanOrEqual(0);
          const name = `voice-agent-fhir-${colorScheme}-${width}`;
          const file = path.join(SCREENSHOTS_DIR, `${name}.png`);
          await simulator.screenshot({ path: file, animations: 'disabled', caret: 'hide' });
          await test.info().attach(name, { path: file, contentType: 'image/png' });
        }
      }
    },
  );
});
