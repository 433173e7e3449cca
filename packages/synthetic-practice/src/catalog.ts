import { minutesOfDay } from '@ehr-gateway/calendar';

import type { AppointmentType } from './types.js';

/** The practice's fixed catalogue: its departments, appointment types and clinic sessions. */

export interface DepartmentSeed {
  id: number;
  name: string;
  city: string;
  state: string;
  zipPrefix: string;
  areaCode: string;
  timezone: string;
  staff: Array<[specialty: string, count: number]>;
}

export const DEPARTMENTS: DepartmentSeed[] = [
  {
    id: 1,
    name: 'Downtown Family Medicine',
    city: 'Boston',
    state: 'MA',
    zipPrefix: '021',
    areaCode: '617',
    timezone: 'America/New_York',
    staff: [
      ['Family Medicine', 3],
      ['Internal Medicine', 2],
      ['Gastroenterology', 1],
    ],
  },
  {
    id: 21,
    name: 'Lakeside Pediatrics',
    city: 'Chicago',
    state: 'IL',
    zipPrefix: '606',
    areaCode: '312',
    timezone: 'America/Chicago',
    staff: [['Pediatrics', 4]],
  },
  {
    id: 102,
    name: 'Mountain View Heart & Vascular',
    city: 'Denver',
    state: 'CO',
    zipPrefix: '802',
    areaCode: '303',
    timezone: 'America/Denver',
    staff: [['Cardiology', 3]],
  },
  {
    id: 145,
    name: 'Bayside Orthopedics & Sports Medicine',
    city: 'San Diego',
    state: 'CA',
    zipPrefix: '921',
    areaCode: '619',
    timezone: 'America/Los_Angeles',
    staff: [['Orthopedics', 3]],
  },
  {
    id: 148,
    name: 'Desert Sky Dermatology',
    city: 'Phoenix',
    state: 'AZ',
    zipPrefix: '850',
    areaCode: '602',
    timezone: 'America/Phoenix',
    staff: [['Dermatology', 3]],
  },
  {
    id: 150,
    name: "Northside Women's Health",
    city: 'Atlanta',
    state: 'GA',
    zipPrefix: '303',
    areaCode: '404',
    timezone: 'America/New_York',
    staff: [
      ['Obstetrics & Gynecology', 3],
      ['Endocrinology', 1],
    ],
  },
  {
    id: 157,
    name: 'Riverside Neurology Center',
    city: 'Portland',
    state: 'OR',
    zipPrefix: '972',
    areaCode: '503',
    timezone: 'America/Los_Angeles',
    staff: [['Neurology', 2]],
  },
];

export const PRIMARY_CARE = ['Family Medicine', 'Internal Medicine', 'Pediatrics'];

export const APPOINTMENT_TYPES: AppointmentType[] = [
  {
    id: 2,
    name: 'Office Visit',
    shortName: 'OV',
    duration: 20,
    specialties: null,
    patientBookable: true,
  },
  {
    id: 3,
    name: 'New Patient Visit',
    shortName: 'NP',
    duration: 30,
    specialties: null,
    patientBookable: true,
  },
  {
    id: 4,
    name: 'Follow-Up Visit',
    shortName: 'FU',
    duration: 15,
    specialties: null,
    patientBookable: true,
  },
  {
    id: 5,
    name: 'Annual Physical',
    shortName: 'PHY',
    duration: 40,
    specialties: PRIMARY_CARE,
    patientBookable: true,
  },
  {
    id: 6,
    name: 'Well Child Visit',
    shortName: 'WCV',
    duration: 30,
    specialties: ['Pediatrics'],
    patientBookable: true,
  },
  {
    id: 7,
    name: 'Sick Visit',
    shortName: 'SICK',
    duration: 15,
    specialties: PRIMARY_CARE,
    patientBookable: true,
  },
  {
    id: 8,
    name: 'Cardiology Consult',
    shortName: 'CARD',
    duration: 45,
    specialties: ['Cardiology'],
    patientBookable: true,
  },
  {
    id: 9,
    name: 'Echocardiogram',
    shortName: 'ECHO',
    duration: 60,
    specialties: ['Cardiology'],
    patientBookable: false,
  },
  {
    id: 10,
    name: 'Skin Check',
    shortName: 'SKIN',
    duration: 20,
    specialties: ['Dermatology'],
    patientBookable: true,
  },
  {
    id: 11,
    name: 'Sports Injury Evaluation',
    shortName: 'SIE',
    duration: 30,
    specialties: ['Orthopedics'],
    patientBookable: true,
  },
  {
    id: 12,
    name: 'Prenatal Visit',
    shortName: 'PNV',
    duration: 30,
    specialties: ['Obstetrics & Gynecology'],
    patientBookable: true,
  },
  {
    id: 13,
    name: 'Neurology Consult',
    shortName: 'NEUR',
    duration: 45,
    specialties: ['Neurology'],
    patientBookable: true,
  },
  {
    id: 14,
    name: 'Telehealth Visit',
    shortName: 'TELE',
    duration: 15,
    specialties: null,
    patientBookable: true,
  },
];

/** Which appointment types fill a specialty's morning and afternoon sessions. */
export const SESSION_TYPES: Record<string, [morning: number, afternoon: number]> = {
  'Family Medicine': [5, 7],
  'Internal Medicine': [3, 2],
  Gastroenterology: [3, 4],
  Pediatrics: [6, 7],
  Cardiology: [8, 4],
  Orthopedics: [11, 4],
  Dermatology: [10, 2],
  'Obstetrics & Gynecology': [12, 2],
  Endocrinology: [3, 14],
  Neurology: [13, 4],
};

export const MORNING = { start: minutesOfDay('08:00'), end: minutesOfDay('12:00') };
export const AFTERNOON = { start: minutesOfDay('13:00'), end: minutesOfDay('17:00') };
