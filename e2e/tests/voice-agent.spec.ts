import { HEADERS, VOICE_TOOL_NAMES } from '@ehr-gateway/contracts';
import { SAMPLE_PATIENT, sampleCallerRequest } from '@ehr-gateway/synthetic-practice';
import { expect, request, test, type Page } from '@playwright/test';

import { adminApi, createApiKey } from '../support/api';
import { BOOKS, followTestClock } from '../support/clock';
import { startDemo, type RunningDemo } from '../support/gateway';
import { saveScreenshot, signInThroughForm, useTheme, waitForScreenReady } from '../support/ui';

/**
 * The Voice Agent tab on a gateway in demo mode (athena sandbox behind it): the tool definitions
 * for each platform, and the simulator booking, rescheduling and cancelling for a synthetic patient
 * against athena, through the Vapi webhook as a voice agent would.
 */
test.describe('Voice Agent tab in demo mode', () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  let demo: RunningDemo;
  let key: string;

  test.beforeAll(async () => {
    demo = await startDemo('gateway-voice.log');
    key = (await createApiKey(await adminApi(demo.gateway.baseURL), 'Voice agent simulator')).key;
  });
  test.afterAll(async () => {
    await demo?.stop();
  });

  async function openVoiceTab(page: Page) {
    await page.goto(`${demo.gateway.baseURL}/`);
    await signInThroughForm(page);
    await waitForScreenReady(page, 'Dashboard');
    await page.goto(`${demo.gateway.baseURL}/endpoints?tab=voice`);
    await waitForScreenReady(page, 'Endpoints');
  }

  test('shows every tool with its definition for Vapi, Retell and OpenAI', async ({ page }) => {
    await openVoiceTab(page);
    const tools = page.getByRole('region', { name: 'Voice Agent Tools' });
    for (const name of VOICE_TOOL_NAMES) {
      await expect(tools.getByRole('heading', { name, exact: true })).toBeVisible();
    }
    const verify = tools.getByRole('region', { name: 'verify_patient' });
    await verify.getByText('Parameters', { exact: true }).click();
    await expect(verify.getByRole('row', { name: /^dob / })).toContainText('Yes');
    await verify.getByText('Vapi definition').click();
    await expect(verify.getByLabel('verify_patient Vapi definition')).toContainText(
      `${demo.gateway.baseURL}/llm/tools/query-healthcare-entities`,
    );
    await tools.getByRole('button', { name: 'Retell', exact: true }).click();
    await verify.getByText('Retell definition').click();
    await expect(verify.getByLabel('verify_patient Retell definition')).toContainText(
      `${demo.gateway.baseURL}/llm/tools/retell/verify_patient`,
    );
    await tools.getByRole('button', { name: 'OpenAI', exact: true }).click();
    await verify.getByText('OpenAI definition').click();
    await expect(verify.getByLabel('verify_patient OpenAI definition')).toContainText(
      '"type": "function"',
    );
    await expect(tools.getByRole('button', { name: 'Copy all OpenAI definitions' })).toBeVisible();
    await expect(
      verify.getByRole('button', { name: 'Copy the OpenAI definition of verify_patient' }),
    ).toBeVisible();
    await saveScreenshot(page, 'voice-agent-tools-light', test.info(), { fullPage: false });
  });

  test(
    'the simulator books, reschedules and cancels against athena',
    { tag: BOOKS },
    async ({ page }) => {
      test.setTimeout(120_000);
      await followTestClock(page);
      await openVoiceTab(page);
      const simulator = page.getByRole('region', { name: 'Conversation simulator' });
      await simulator.getByLabel('API Key').fill(key);
      await simulator.getByLabel('API Key').blur();
      await simulator.getByRole('button', { name: 'Add one on athena' }).click();
      await expect(simulator.getByLabel('Phone line (tenant)')).toContainText('Athena EHR');

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
        await expect(answers).toHaveCount(before + 1);
        return (await answers.last().textContent()) ?? '';
      }

      expect(await run('verify_patient')).toBe(
        `Agent hears: Thank you, ${SAMPLE_PATIENT.firstName}, I found your record.`,
      );
      expect(await run('find_open_slots')).toMatch(/^Agent hears: I have \w+day .+ in the morning/);
      const booked = await run('book_appointment');
      expect(booked).toMatch(/^Agent hears: You're booked for .+ Your confirmation number is/);
      const confirmation = booked.split('number is ')[1]!.replace(/\D/g, '');

      // The booking is in athena (the sandbox), through the gateway's EHR route.
      const api = await request.newContext({ baseURL: demo.gateway.baseURL });
      const url = `/api/${demo.sandbox.practiceId}/appointments/${confirmation}?source=athena`;
      const stored = await api.get(url, { headers: { [HEADERS.apiKey]: key } });
      expect(stored.status(), await stored.text()).toBe(200);
      expect(await stored.json()).toMatchObject({ status: 'Scheduled' });

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
      await api.dispose();
      await simulator.getByRole('button', { name: 'Call tool' }).scrollIntoViewIfNeeded();
      await saveScreenshot(page, 'voice-agent-simulator-light', test.info(), { fullPage: false });
    },
  );

  test('fits a phone in the dark theme', async ({ page }) => {
    await useTheme(page, 'dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await openVoiceTab(page);
    await expect(page.getByRole('region', { name: 'Conversation simulator' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'voice-agent-dark-390', test.info(), { fullPage: false });
  });
});
