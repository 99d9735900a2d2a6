/** The client's own version (000 section 1): PC client 5.0; app config version 1.0.0, version code 100. */
export const appConfig = {
  productVersion: '5.0',
  version: '1.0.0',
  versionCode: 100,
  name: 'fangke-pc',
  platform: 'pc',
} as const;
