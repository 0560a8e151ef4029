// Names for the capture resource's generated API types (CONTRACT 13), for the review pages' props
// and state; the calls themselves are typed by the client from the OpenAPI document.
import type { components, operations } from './openapi.ts';

type Schemas = components['schemas'];

export type Capture = Schemas['Capture'];
export type CaptureStatus = Capture['status'];
export type CaptureFieldName = Exclude<keyof Capture['fields'], 'tax_breakdown'>;
export type CapturePageWords =
  operations['getCapturePageWords']['responses'][200]['content']['application/json'];
