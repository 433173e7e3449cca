/**
 * What counts as patient data (PHI) in what the gateway records: field names, whatever their case
 * style (firstName, firstname, first_name and FIRST-NAME are one name), and patterns for free text.
 * The request-log masking (apps/gateway/src/lib/phi-masking.ts) is built from these lists only.
 */

/** Compared after lower-casing and removing everything but letters and digits. */
export const PHI_FIELD_NAMES = [
  // names
  'firstname',
  'lastname',
  'middlename',
  'fullname',
  'patientname',
  'preferredname',
  'maidenname',
  'suffix',
  'guarantorname',
  'contactname',
  'nextofkinname',
  // birth
  'dob',
  'dateofbirth',
  'birthdate',
  'birthday',
  // contact
  'phone',
  'phonenumber',
  'telephone',
  'homephone',
  'mobilephone',
  'cellphone',
  'workphone',
  'contactphone',
  'email',
  'emailaddress',
  // address
  'address',
  'address1',
  'address2',
  'addressline1',
  'addressline2',
  'street',
  'streetaddress',
  'city',
  'county',
  'zip',
  'zipcode',
  'postalcode',
  // FHIR's shapes: HumanName parts, ContactPoints (telecom[].value), a person's identifiers
  'family',
  'given',
  'telecom',
  'identifier',
  // FHIR search parameters
  'addresscity',
  'addresspostalcode',
  // identifiers
  'ssn',
  'socialsecuritynumber',
  'mrn',
  'medicalrecordnumber',
  'insuranceid',
  'insurancememberid',
  'insurancepolicynumber',
  'policynumber',
  'memberid',
  'subscriberid',
  'groupnumber',
  'driverslicense',
  // free text a patient or clinician wrote or said
  'notes',
  'note',
  'comment',
  'comments',
  'content',
  'transcript',
  'bookingnote',
  'appointmentnotes',
  'reason',
  'reasonforvisit',
  'chiefcomplaint',
  'symptoms',
  // conversations with a patient (smart scheduling, voice-agent call artifacts)
  'messages',
  'artifact',
  // a voice-agent tool's spoken answer (it greets the caller by name, says their appointments)
  // and an appointment's time as it was said to them
  'result',
  'when',
  'conversation',
  // the caller's line on a voice-agent call (Retell's from_number, Vapi's customer number)
  'fromnumber',
  'tonumber',
  'callernumber',
  'customernumber',
  'customername',
  'callername',
  // what a voice platform's call object carries about the call and the caller: Retell's dynamic
  // variables, metadata and transcripts down to each spoken word; Vapi's variable values
  'retellllmdynamicvariables',
  'dynamicvariables',
  'variablevalues',
  'metadata',
  'transcriptobject',
  'transcriptwithtoolcalls',
  'words',
  'summary',
  'callsummary',
  'recordingurl',
] as const;

/**
 * Objects that describe one person: every field in them is PHI except ids (Vapi's
 * `call.customer` is `{number, name}`; neither name means patient data on its own elsewhere).
 */
export const PHI_PERSON_OBJECTS = [
  // a voice-agent tool call's arguments (Retell's args, Vapi's arguments, often JSON text):
  // whatever the caller said, under any name; the ids in them stay
  'arguments',
  'args',
  'customer',
  'caller',
  'guarantor',
  'nextofkin',
  'emergencycontact',
] as const;

/**
 * Endings that make a field PHI whatever comes before them (guarantorfirstname, patientphone,
 * emergencycontactaddress1).
 */
export const PHI_FIELD_SUFFIXES = [
  'firstname',
  'lastname',
  'middlename',
  'phone',
  'email',
  'dob',
  'ssn',
  'address1',
  'address2',
  'zip',
] as const;

/**
 * Fields that are PHI when they hold a list: FHIR's HumanName[] (`Patient.name`). A name that is
 * text (a department's, an appointment type's) is not.
 */
export const PHI_LIST_FIELDS = ['name'] as const;

/**
 * Query parameters that are PHI whatever their value, besides the field names above: FHIR's
 * `name` search (`Patient?name=…`). A modifier (`name:exact`) does not change that.
 */
export const PHI_QUERY_PARAMS = ['name'] as const;

/**
 * Fields that are never masked, however they look: the ids a developer needs to follow a request
 * through the EHR. They name records, not people.
 */
export const PHI_KEEP_FIELDS = [
  'patientid',
  'appointmentid',
  'providerid',
  'departmentid',
  'practiceid',
  'appointmenttypeid',
  'slotid',
  'tenantid',
  'requestid',
  'toolcallid',
  'id',
] as const;

/** What a masked value is replaced with. */
export const PHI_MASK = '***';

/** How the request log keeps request and response bodies (the gateway config's payloadCapture). */
export const PAYLOAD_CAPTURE_MODES = ['metadata', 'masked', 'full'] as const;
type CaptureMode = (typeof PAYLOAD_CAPTURE_MODES)[number];

export const PAYLOAD_CAPTURE_LABELS: Record<CaptureMode, string> = {
  metadata: 'Metadata only',
  masked: 'Masked',
  full: 'Full, encrypted',
};

export const PAYLOAD_CAPTURE_DESCRIPTIONS: Record<CaptureMode, string> = {
  metadata: 'No request or response bodies are stored, only when, what, who and how it went.',
  masked:
    'Bodies are stored with patient data (names, dates of birth, contact details, free text) masked before they reach the database.',
  full: 'Bodies are stored encrypted (PAYLOAD_ENCRYPTION_KEY); users with PHI access can read them, everyone else sees them masked.',
};
