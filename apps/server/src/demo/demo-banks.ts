import type { BankInput, CollectionType } from '@tideline/contracts';

export interface DemoBank {
  key: string;
  input: Omit<BankInput, 'institutionTypeId'>;
  institutionType: string;
  /** The prefix of the account numbers the bank issues. */
  numberPrefix: string;
}

export const DEMO_BANKS: readonly DemoBank[] = [
  {
    key: 'meridian',
    input: {
      bankName: 'First Meridian Bank, N.A.',
      assetSize: '182400',
      defaultDataGatheringFrequency: 3,
      dataAvailabilityDate: 5,
      fdicCode: '5521',
    },
    institutionType: 'Commercial Bank',
    numberPrefix: '4410',
  },
  {
    key: 'prairie',
    input: {
      bankName: 'Prairie State Bank & Trust',
      assetSize: '2140.50',
      defaultDataGatheringFrequency: 3,
      dataAvailabilityDate: 8,
      fdicCode: '17342',
    },
    institutionType: 'Community Bank',
    numberPrefix: '08',
  },
  {
    key: 'pool',
    input: {
      bankName: 'Public Trust Investment Pool',
      assetSize: '9800',
      defaultDataGatheringFrequency: 1,
      dataAvailabilityDate: 10,
    },
    institutionType: 'Investment Pool',
    numberPrefix: 'PTIP-',
  },
  {
    key: 'cascade',
    input: {
      bankName: 'Cascade National Bank',
      assetSize: '64750',
      defaultDataGatheringFrequency: 3,
      dataAvailabilityDate: 4,
      fdicCode: '33210',
    },
    institutionType: 'Commercial Bank',
    numberPrefix: '1537',
  },
  {
    key: 'evergreen',
    input: {
      bankName: 'Evergreen Federal Savings',
      assetSize: '3870.25',
      defaultDataGatheringFrequency: 6,
      dataAvailabilityDate: null,
      fdicCode: '29874',
    },
    institutionType: 'Savings Institution',
    numberPrefix: '77',
  },
  {
    key: 'pacific',
    input: {
      bankName: 'Pacific Coast Community Bank',
      assetSize: '5310',
      defaultDataGatheringFrequency: 3,
      dataAvailabilityDate: 6,
      fdicCode: '58101',
    },
    institutionType: 'Community Bank',
    numberPrefix: '2060',
  },
  {
    key: 'piedmont',
    input: {
      bankName: 'Piedmont Trust Company',
      assetSize: '12600',
      defaultDataGatheringFrequency: 3,
      dataAvailabilityDate: 12,
    },
    institutionType: 'Trust Company',
    numberPrefix: 'PT',
  },
  {
    key: 'southern',
    input: {
      bankName: 'Southern Commerce Bank',
      assetSize: '28950.75',
      defaultDataGatheringFrequency: 1,
      dataAvailabilityDate: 2,
      fdicCode: '20456',
    },
    institutionType: 'Commercial Bank',
    numberPrefix: '9036',
  },
];

/** Each client banks with two to four of the banks. */
export const DEMO_RELATIONSHIPS: readonly {
  clientKey: string;
  bankKey: string;
  collectionType: CollectionType;
}[] = [
  { clientKey: 'cedar', bankKey: 'meridian', collectionType: 'SFTP' },
  { clientKey: 'cedar', bankKey: 'prairie', collectionType: 'File Upload' },
  { clientKey: 'cedar', bankKey: 'pool', collectionType: 'Email' },
  { clientKey: 'portalder', bankKey: 'cascade', collectionType: 'Bank Portal' },
  { clientKey: 'portalder', bankKey: 'evergreen', collectionType: 'File Upload' },
  { clientKey: 'portalder', bankKey: 'meridian', collectionType: 'SFTP' },
  { clientKey: 'millbrook', bankKey: 'pacific', collectionType: 'File Upload' },
  { clientKey: 'millbrook', bankKey: 'pool', collectionType: 'Email' },
  { clientKey: 'millbrook', bankKey: 'piedmont', collectionType: 'Bank Portal' },
  { clientKey: 'blueheron', bankKey: 'southern', collectionType: 'SFTP' },
  { clientKey: 'blueheron', bankKey: 'piedmont', collectionType: 'Bank Portal' },
  { clientKey: 'blueheron', bankKey: 'meridian', collectionType: 'File Upload' },
  { clientKey: 'tririver', bankKey: 'meridian', collectionType: 'SFTP' },
  { clientKey: 'tririver', bankKey: 'prairie', collectionType: 'File Upload' },
  { clientKey: 'northplains', bankKey: 'meridian', collectionType: 'SFTP' },
  { clientKey: 'northplains', bankKey: 'prairie', collectionType: 'Email' },
  { clientKey: 'northplains', bankKey: 'pool', collectionType: 'Email' },
  { clientKey: 'northplains', bankKey: 'piedmont', collectionType: 'Bank Portal' },
];
