/**
 * athena-style error answers. Handlers throw an AthenaReply; the app's error handler sends its
 * status and body as they are, so every rejection looks like athenaNet's.
 */
export class AthenaReply extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
  ) {
    super(typeof body.error === 'string' ? body.error : `HTTP ${statusCode}`);
    this.name = 'AthenaReply';
  }
}

/** The recorded shape of POST /patients without its required fields. */
export const missingFields = (fields: string[], detailedmessage?: string) =>
  new AthenaReply(400, {
    invalidfields: [],
    missingfields: fields,
    error: 'Additional fields are required.',
    ...(detailedmessage ? { detailedmessage } : {}),
  });

export const invalidFields = (fields: string[], error: string, detailedmessage?: string) =>
  new AthenaReply(400, {
    invalidfields: fields,
    missingfields: [],
    error,
    ...(detailedmessage ? { detailedmessage } : {}),
  });

export const badRequest = (error: string, detailedmessage?: string) =>
  new AthenaReply(400, { error, ...(detailedmessage ? { detailedmessage } : {}) });

export const notFound = (error: string, detailedmessage?: string) =>
  new AthenaReply(404, { error, ...(detailedmessage ? { detailedmessage } : {}) });

/** Recorded: an appointment search or booking without a type or reason. */
export const typeOrReasonRequired = () =>
  new AthenaReply(400, {
    detailedmessage: 'An appointment type or reason must be provided.',
    error: 'Additional fields are required.',
  });

/** Recorded: PUT /appointments/{id} on a slot that is taken or not bookable. */
export const slotUnavailable = () =>
  new AthenaReply(409, {
    detailedmessage:
      'The appointment ID is already booked or is not marked as being available to be scheduled via the API.',
    error: 'That appointment time was already booked or not available for booking.',
  });

/** Recorded: a malformed or impossible date of birth. */
export const improperDob = () => new AthenaReply(400, { error: 'Improper DOB.' });
