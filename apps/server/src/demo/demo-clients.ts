import type { ClientInput } from '@tideline/contracts';

/** How a client's money moves over a year; the cash-flow streams scale from it (cents are whole). */
export interface ClientEconomy {
  /** Annual operating revenue, in dollars. */
  annualDollars: number;
  /** Semiannual property tax: the two due months, the share of revenue, how it arrives. */
  propertyTax?: { months: [number, number]; share: number; style: 'lockbox' | 'settlement'; payer: string };
  /** State aid or appropriation: monthly (1) or quarterly (3), on a calendar day. */
  stateAid: { share: number; everyMonths: 1 | 3; dayOfMonth: number; description: string };
  /** Charges for services collected in a deposit account, with a weight per calendar month. */
  serviceRevenue?: { share: number; descriptions: readonly string[]; monthWeights: readonly number[] };
  /** Federal grant drawdowns, quarterly. */
  federalGrants?: { share: number; description: string };
  /** Every other Friday from this Friday. */
  payrollAnchor: string;
  payrollShare: number;
  /** Semiannual debt service paid to the trustee. */
  debtService?: { months: [number, number]; dayOfMonth: number; annualDollars: number; series: string };
  vendors: readonly string[];
}

export interface DemoClient {
  key: string;
  input: Omit<ClientInput, 'assignTo'>;
  economy: ClientEconomy;
}

export const DEMO_CLIENTS: readonly DemoClient[] = [
  {
    key: 'cedar',
    input: {
      clientName: 'Cedar Valley County',
      budget: 310,
      clientCategory: 'County Government',
      clientType: 'County',
      state: 'IA',
      initialInterest: '1.25',
      dataGatheringFrequency: 3,
      reportFrequency: 3,
      reportCycle: 1,
    },
    economy: {
      annualDollars: 310_000_000,
      propertyTax: { months: [3, 9], share: 0.46, style: 'lockbox', payer: 'PROPERTY TAX' },
      stateAid: { share: 0.32, everyMonths: 1, dayOfMonth: 20, description: 'IA DEPT OF REVENUE STATE AID' },
      payrollAnchor: '2023-01-13',
      payrollShare: 0.5,
      debtService: { months: [6, 12], dayOfMonth: 1, annualDollars: 14_800_000, series: 'GO SERIES 2019A' },
      vendors: [
        'MIDWEST ROAD MATERIALS',
        'HY-VEE FOOD SVC',
        'ALLIANT ENERGY',
        'MIDAMERICAN ENERGY',
        'MOTOROLA SOLUTIONS',
        'ZIEGLER CAT',
      ],
    },
  },
  {
    key: 'portalder',
    input: {
      clientName: 'City of Port Alder',
      budget: 540,
      clientCategory: 'Municipal Government',
      clientType: 'City',
      state: 'WA',
      initialInterest: '0.85',
      dataGatheringFrequency: 1,
      reportFrequency: 1,
      reportCycle: 1,
    },
    economy: {
      annualDollars: 540_000_000,
      propertyTax: {
        months: [4, 10],
        share: 0.36,
        style: 'settlement',
        payer: 'ALDER CNTY TREAS TAX SETTLEMENT',
      },
      stateAid: { share: 0.22, everyMonths: 1, dayOfMonth: 25, description: 'WA DOR LOCAL SALES TAX DIST' },
      serviceRevenue: {
        share: 0.3,
        descriptions: [
          'UTILITY BILLING LOCKBOX DEPOSIT',
          'PAYMENTUS UTIL PMTS SETTLEMENT',
          'REMOTE DEPOSIT CAPTURE',
        ],
        monthWeights: [0.8, 0.8, 0.85, 0.9, 1, 1.15, 1.3, 1.35, 1.15, 0.95, 0.85, 0.8],
      },
      payrollAnchor: '2023-01-06',
      payrollShare: 0.48,
      debtService: { months: [6, 12], dayOfMonth: 1, annualDollars: 21_500_000, series: 'LTGO 2021' },
      vendors: [
        'PUGET SOUND ENERGY',
        'GRAINGER',
        'PACIFIC ASPHALT',
        'KING EQUIPMENT',
        'CDW GOVERNMENT',
        'WASTE MGMT NW',
      ],
    },
  },
  {
    key: 'millbrook',
    input: {
      clientName: 'Millbrook Unified School District',
      budget: 420,
      clientCategory: 'Education',
      clientType: 'School District',
      state: 'CA',
      dataGatheringFrequency: 3,
      reportFrequency: 6,
      reportCycle: 1,
    },
    economy: {
      annualDollars: 420_000_000,
      propertyTax: {
        months: [12, 4],
        share: 0.35,
        style: 'settlement',
        payer: 'MILLBROOK CNTY TAX APPORTIONMENT',
      },
      stateAid: {
        share: 0.5,
        everyMonths: 1,
        dayOfMonth: 15,
        description: 'CA DEPT OF ED LCFF APPORTIONMENT',
      },
      serviceRevenue: {
        share: 0.04,
        descriptions: ['CAFETERIA CASH DEPOSIT', 'SCHOOLPAY CARD SETTLEMENT'],
        monthWeights: [1, 1, 1, 0.9, 1, 0.5, 0.1, 0.6, 1.1, 1.1, 1, 0.8],
      },
      federalGrants: { share: 0.08, description: 'US DEPT OF ED G5 TITLE I DRAWDOWN' },
      payrollAnchor: '2023-01-13',
      payrollShare: 0.6,
      debtService: { months: [2, 8], dayOfMonth: 1, annualDollars: 9_600_000, series: 'MEASURE K 2020' },
      vendors: [
        'SYSCO FOOD SVCS',
        'PG&E',
        'SCHOOL SPECIALTY',
        'DELL MARKETING',
        'STUDENT TRANSPORTATION INC',
      ],
    },
  },
  {
    key: 'blueheron',
    input: {
      clientName: 'Blue Heron Regional Water Authority',
      budget: 180,
      clientCategory: 'Utility',
      clientType: 'Authority',
      state: 'NC',
      initialInterest: '2.10',
      dataGatheringFrequency: 3,
      reportFrequency: 3,
      reportCycle: 2,
    },
    economy: {
      annualDollars: 180_000_000,
      stateAid: { share: 0.03, everyMonths: 3, dayOfMonth: 10, description: 'NC DEQ STATE REVOLVING FUND' },
      serviceRevenue: {
        share: 0.95,
        descriptions: ['WATER BILLING LOCKBOX DEPOSIT', 'AUTOPAY ACH CUSTOMER PMTS', 'CARD PMTS SETTLEMENT'],
        monthWeights: [0.8, 0.78, 0.85, 0.92, 1.05, 1.25, 1.35, 1.32, 1.12, 0.95, 0.85, 0.8],
      },
      payrollAnchor: '2023-01-06',
      payrollShare: 0.28,
      debtService: { months: [1, 7], dayOfMonth: 1, annualDollars: 26_400_000, series: 'REVENUE BONDS 2018' },
      vendors: ['DUKE ENERGY', 'BRENNTAG CHEMICALS', 'FERGUSON WATERWORKS', 'HACH COMPANY', 'XYLEM INC'],
    },
  },
  {
    key: 'tririver',
    input: {
      clientName: 'Tri-River Transit Authority',
      budget: 260,
      clientCategory: 'Special District',
      clientType: 'Authority',
      state: 'PA',
      dataGatheringFrequency: 3,
      reportFrequency: 3,
      reportCycle: 3,
    },
    economy: {
      annualDollars: 260_000_000,
      stateAid: { share: 0.48, everyMonths: 1, dayOfMonth: 12, description: 'PENNDOT ACT 89 TRANSIT ASSIST' },
      serviceRevenue: {
        share: 0.2,
        descriptions: ['FAREBOX ARMORED CAR DEPOSIT', 'TRANSIT PASS CARD SETTLEMENT'],
        monthWeights: [0.9, 0.92, 1, 1, 1, 0.95, 0.9, 0.9, 1.08, 1.1, 1.05, 1],
      },
      federalGrants: { share: 0.3, description: 'FTA ECHO GRANT DRAWDOWN' },
      payrollAnchor: '2023-01-13',
      payrollShare: 0.62,
      vendors: ['GILLIG LLC', 'NEW FLYER PARTS', 'SUNOCO FLEET FUEL', 'CUMMINS SALES', 'PPL ELECTRIC'],
    },
  },
  {
    key: 'northplains',
    input: {
      clientName: 'Northern Plains State University System',
      budget: 1450,
      clientCategory: 'State Agency',
      clientType: 'College or University',
      state: 'ND',
      initialInterest: '0.50',
      dataGatheringFrequency: 6,
      reportFrequency: 12,
      reportCycle: 1,
    },
    economy: {
      annualDollars: 1_450_000_000,
      stateAid: { share: 0.38, everyMonths: 1, dayOfMonth: 1, description: 'ND OMB STATE APPROPRIATION' },
      serviceRevenue: {
        share: 0.44,
        descriptions: ['TUITION ACH RECEIPTS', 'TOUCHNET CARD SETTLEMENT', 'TUITION LOCKBOX DEPOSIT'],
        monthWeights: [2.2, 0.6, 0.4, 0.4, 0.5, 0.3, 0.3, 2.4, 2.2, 0.5, 0.4, 1.4],
      },
      federalGrants: { share: 0.16, description: 'US DEPT OF ED G5 PELL DRAWDOWN' },
      payrollAnchor: '2023-01-06',
      payrollShare: 0.58,
      debtService: { months: [4, 10], dayOfMonth: 1, annualDollars: 48_000_000, series: 'HOUSING REV 2017' },
      vendors: [
        'XCEL ENERGY',
        'ELLUCIAN',
        'ARAMARK CAMPUS',
        'BARNES NOBLE EDU',
        'JOHNSON CONTROLS',
        'FISHER SCIENTIFIC',
      ],
    },
  },
];
