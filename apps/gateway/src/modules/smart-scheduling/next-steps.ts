import type {
  ConversationAnalysis,
  Department,
  OpenSlot,
  Provider,
  SmartSchedulingBody,
} from '@ehr-gateway/contracts';
import { wallClockIn } from '@ehr-gateway/calendar';

/** What the agent says to offer the first slot: its local date and time, and with whom. */
export function firstOfferSentence(
  slot: OpenSlot,
  providers: Provider[],
  departments: Department[],
): string {
  const provider = providers.find((p) => p.id === slot.providerId);
  const timezone = departments.find((d) => d.id === slot.departmentId)?.timezone ?? 'UTC';
  const local = wallClockIn(timezone, new Date(slot.startTime));
  return `Offer the first available slot: ${local.date} at ${local.time} with ${provider?.displayName ?? `provider ${slot.providerId}`} (slot ${slot.id}).`;
}

/** The agent's next steps, in the order it should take them. */
export function nextStepsFor(options: {
  analysis: ConversationAnalysis;
  body: SmartSchedulingBody;
  chosenProviders: Provider[];
  firstOffer: string | null;
  noSlotsBetween: [string, string] | null;
}): string[] {
  const { analysis, body, chosenProviders, firstOffer, noSlotsBetween } = options;
  const { urgency, specialty } = analysis.extractedInfo;
  const steps: string[] = [];
  if (urgency === 'emergency') {
    steps.push('This sounds like an emergency: tell the caller to hang up and call 911 now.');
  }
  if (analysis.intent === 'cancel') {
    steps.push(
      "Confirm the caller's identity, find the appointment to cancel, and confirm the cancellation.",
    );
  }
  if (analysis.intent === 'reschedule') {
    steps.push("Find the caller's current appointment, then offer the new times below.");
  }
  if (analysis.intent === 'question') {
    steps.push("Answer the caller's question; offer to book a visit if one is needed.");
  }
  for (const missing of analysis.missingInfo) {
    steps.push(`Ask the caller for: ${missing}.`);
  }
  if (specialty && chosenProviders.length === 0) {
    steps.push(
      `No ${specialty} providers are available in this practice; offer a referral or another service.`,
    );
  }
  const identified =
    body.patientInfo?.patientId ||
    (body.patientInfo?.firstName && body.patientInfo.lastName && body.patientInfo.dob);
  if (!identified && analysis.intent !== 'question') {
    steps.push("Confirm the patient's full name and date of birth before booking.");
  }
  if (firstOffer) {
    steps.push(firstOffer);
  }
  if (noSlotsBetween) {
    steps.push(
      `No open slots between ${noSlotsBetween[0]} and ${noSlotsBetween[1]}; offer a later date or another provider.`,
    );
  }
  return steps;
}
