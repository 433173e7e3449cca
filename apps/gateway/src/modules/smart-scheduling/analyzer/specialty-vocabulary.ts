/**
 * How patients name what they need, mapped to specialties. Patients rarely say
 * "Gastroenterology"; they say "heartburn" or "my stomach", so most entries are symptoms and lay
 * terms.
 */

/** The specialties the synthetic practice staffs (packages/synthetic-practice/src/practice.ts). */
export const PRACTICE_SPECIALTIES = [
  'Family Medicine',
  'Internal Medicine',
  'Gastroenterology',
  'Pediatrics',
  'Cardiology',
  'Orthopedics',
  'Dermatology',
  'Obstetrics & Gynecology',
  'Endocrinology',
  'Neurology',
] as const;

/** Common specialties the practice lacks, recognised so the answer can say none is available. */
export const OTHER_SPECIALTIES = [
  'Ophthalmology',
  'Psychiatry',
  'Otolaryngology',
  'Urology',
] as const;

export const KNOWN_SPECIALTIES: readonly string[] = [...PRACTICE_SPECIALTIES, ...OTHER_SPECIALTIES];

export interface SpecialtyRule {
  specialty: string;
  /**
   * 3 = the specialty or its doctor is named ("cardiologist", "skin doctor") or the visit
   * belongs to it ("physical", "well-child"); 2 = a symptom or condition that clearly points
   * to it; 1 = a weak hint ("my back", "blood pressure").
   */
  weight: 1 | 2 | 3;
  /** True when the patient named the specialty itself; named choices beat the age rules. */
  named: boolean;
  pattern: RegExp;
}

const rule = (
  specialty: string,
  weight: 1 | 2 | 3,
  pattern: RegExp,
  named = weight === 3,
): SpecialtyRule => ({ specialty, weight, named, pattern });

export const SPECIALTY_RULES: SpecialtyRule[] = [
  rule('Cardiology', 3, /\b(?:cardiolog\w*|cardio|heart (?:doctor|specialist|checkup|check))\b/g),
  rule(
    'Cardiology',
    2,
    /\b(?:chest (?:pains?|pressure|hurts?|tightness|discomfort)|(?:pain|pressure|tightness) in (?:my|his|her) chest|palpitations?|heart(?:'s| is| keeps| has been)? (?:racing|races|race|pounding|flutter\w*|murmur|attack|failure|rate|problems?|condition|skipping)|racing heart|irregular heartbeat|arrhythmia|a-?fib|atrial fibrillation|ekg|ecg|echocardiogram|stress test|pacemaker)\b/g,
  ),
  rule(
    'Cardiology',
    1,
    /\b(?:heart|(?:high )?blood pressure|hypertension|bp|short(?:ness)? of breath)\b/g,
  ),

  rule('Dermatology', 3, /\b(?:dermatolog\w*|derm|skin (?:doctor|specialist|check))\b/g),
  rule(
    'Dermatology',
    2,
    /\b(?:rash(?:es)?|moles?|acne|eczema|psoriasis|hives|skin (?:cancer|tags?|lesions?|spots?|infection|issues?|problems?|condition)|warts?|rosacea|itchy skin|dry skin|pimples?|sunburn|hair loss|dandruff|nail fungus|birthmark)\b/g,
  ),
  rule('Dermatology', 1, /\b(?:skin|itch\w*)\b/g),

  rule(
    'Orthopedics',
    3,
    /\b(?:orthop(?:a)?edic\w*|orthopedist|ortho|bone doctor|sports medicine)\b/g,
  ),
  rule(
    'Orthopedics',
    2,
    /\b(?:knees?|back pain|backache|lower back|shoulders?|sprain\w*|broken (?:arm|leg|wrist|ankle|bone|finger|toe|foot|hand)|broke (?:my|his|her) \w+|fractur\w*|sports injur\w*|joints?|hips?|ankles?|wrists?|elbows?|torn|acl|meniscus|rotator cuff|tendon\w*|tendinitis|carpal tunnel|sciatica|arthritis|bones?|splint|neck pain|pulled (?:a )?muscle|twisted)\b/g,
  ),
  // "my back" as a body part, not "push it back" or "my palpitations are back".
  rule('Orthopedics', 1, /\b(?:(?:my|his|her|lower|upper) back|foot|feet|neck|muscles?)\b/g),

  rule(
    'Pediatrics',
    3,
    /\b(?:pediatric\w*|pediatrician|peds|well[- ]?child|well[- ]?baby|kids? doctor|children's doctor)\b/g,
  ),

  rule(
    'Obstetrics & Gynecology',
    3,
    /(?:\bob\/gyn\b|\bob\b|\bgyn\b|\bobstetric\w*|\bgyn(?:a)?ecolog\w*|\bmidwife\b)/g,
  ),
  rule(
    'Obstetrics & Gynecology',
    2,
    /\b(?:pregnan\w*|prenatal|pap(?: smear)?|periods?|menstrua\w*|pelvic (?:exam|pain)|contracepti\w*|birth control|iud|expecting a baby|fertility|ovar\w*|uter\w*|endometriosis|vaginal|yeast infection|menopaus\w*|mammogram|breast exam|positive (?:pregnancy )?test)\b/g,
  ),
  rule('Obstetrics & Gynecology', 3, /\b(?:well[- ]woman (?:exam|visit|check\w*))\b/g, false),
  rule('Obstetrics & Gynecology', 1, /\b(?:hot flash\w*)\b/g),

  rule('Neurology', 3, /\b(?:neurolog\w*|neuro|brain doctor)\b/g),
  rule(
    'Neurology',
    2,
    /\b(?:migraines?|headaches?|seizures?|epilep\w*|memory (?:loss|problems|issues)|forgetful\w*|dementia|alzheimer\w*|tremors?|parkinson\w*|multiple sclerosis|neuropathy|concussion|vertigo|stroke|droop\w*|slurr\w*|pins and needles|nerve pain)\b/g,
  ),
  // Numbness alone is weak: with chest pain it is a heart warning sign.
  rule('Neurology', 1, /\b(?:dizz\w*|memory|numb(?:ness)?|tingl\w*)\b/g),
  // Numb or burning hands and feet are nerve trouble, unlike a numb arm with chest pain.
  rule(
    'Neurology',
    2,
    /\b(?:feet|foot|hands?|legs?|fingers|toes)\b[^.,!?]{0,25}\b(?:numb\w*|tingl\w*|burning)\b|\b(?:numb\w*|tingl\w*) (?:in )?(?:my |his |her )?(?:feet|foot|hands?|legs?|fingers|toes)\b/g,
  ),

  rule(
    'Gastroenterology',
    3,
    /\b(?:gastroenterolog\w*|gastro|gi|stomach doctor|colonoscop\w*|endoscop\w*)\b/g,
  ),
  rule(
    'Gastroenterology',
    2,
    /\b(?:stomach|heartburn|acid reflux|reflux|gerd|ibs|irritable bowel|diarrh\w*|constipat\w*|bloat\w*|crohn's|colitis|ulcers?|nausea|vomit\w*|blood in (?:my |his |her |the )?(?:stool|poop)|hemorrhoids?|abdominal pain|(?:belly|tummy) (?:pain|aches?)|liver|gallbladder|indigestion|celiac)\b/g,
  ),
  rule('Gastroenterology', 1, /\b(?:tummy|belly|gas|poop|blood in it)\b/g),

  rule('Endocrinology', 3, /\b(?:endocrinolog\w*|endo)\b/g),
  rule(
    'Endocrinology',
    2,
    /\b(?:diabetes|thyroid|hormones?|hormonal|insulin|a1c|blood sugar|(?:my|her|his) sugar|hypothyroid\w*|hyperthyroid\w*|graves|hashimoto\w*|pcos|osteoporosis|adrenal|pituitary|metformin|testosterone)\b/g,
  ),

  // "He's diabetic" says who the patient is, not what the visit is for.
  rule('Endocrinology', 1, /\b(?:diabetic|sugar)\b/g),

  // The referring doctor ("my PCP said…") is not the care asked for.
  rule(
    'Family Medicine',
    3,
    /\b(?:family (?:medicine|doctor|practice|physician)|primary care(?: doctor| physician| provider)?|general practitioner|gp|pcp)\b(?! (?:said|told|referred|recommended|wants|sent|thinks))/g,
  ),
  // A general visit decides the department whatever else the patient mentions.
  rule(
    'Family Medicine',
    3,
    /\b(?:physicals?|checkup|annual exam|yearly exam|wellness (?:visit|exam|check)|routine exam)\b|\b(?:my|an|the) annual(?= ?(?:$|[.,!?;]|(?:physical|visit)\b))/g,
    false,
  ),
  rule(
    'Family Medicine',
    2,
    /\b(?:flu|(?:a|the|bad) cold|cough\w*|fevers?|sore throat|strep|sinus\w*|ear (?:pain|aches?|infections?)|earaches?|utis?|urinary tract infections?|bladder infection|pink eye|allerg\w*|vaccin\w*|flu shots?|covid|body aches|congestion|runny nose|swollen glands|blood ?work|lab work|sick)\b/g,
  ),
  // A refill goes to the prescriber, most often primary care.
  rule(
    'Family Medicine',
    2,
    /\b(?:refills?|refilled|prescriptions?|ran out of (?:my )?(?:meds|medications?|pills))\b/g,
  ),

  rule('Internal Medicine', 3, /\b(?:internal medicine|internist)\b/g),
  rule(
    'Internal Medicine',
    2,
    /\b(?:cholesterol|copd|chronic (?:conditions?|disease|illness|kidney disease)|medication (?:review|management)|kidney disease|anemia|multiple medications)\b/g,
  ),

  rule('Ophthalmology', 3, /\b(?:ophthalmolog\w*|eye doctor|optometrist|eye specialist)\b/g),
  rule(
    'Ophthalmology',
    2,
    /\b(?:eye exam|vision|glasses|contact lens\w*|cataracts?|glaucoma|blurry vision)\b/g,
  ),
  rule(
    'Psychiatry',
    3,
    /\b(?:psychiatr\w*|therapist|psycholog\w*|mental health|counsel(?:or|ing|ling))\b/g,
  ),
  rule('Psychiatry', 2, /\b(?:anxi\w*|depress\w*|panic attacks?|adhd|bipolar)\b/g),
  rule('Otolaryngology', 3, /\b(?:ent|otolaryngolog\w*|ear,? nose,? (?:and|&) throat)\b/g),
  rule(
    'Otolaryngology',
    2,
    /\b(?:tonsil\w*|hearing loss|ringing in (?:my |his |her )?ears|tinnitus)\b/g,
  ),
  rule('Urology', 3, /\b(?:urolog\w*)\b/g),
  rule(
    'Urology',
    2,
    /\b(?:kidney stones?|prostate|erectile|vasectomy|blood in (?:my |his |her )?urine)\b/g,
  ),
];
