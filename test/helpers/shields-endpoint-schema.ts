import { z } from "zod";

// A copy of the contract shields.io applies to endpoint badges, written from its documentation:
// a key outside this list makes shields answer "invalid properties".
export const shieldsEndpointSchema = z.strictObject({
  schemaVersion: z.literal(1),
  label: z.string(),
  message: z.string().min(1),
  color: z.string().optional(),
  labelColor: z.string().optional(),
  isError: z.boolean().optional(),
  namedLogo: z.string().optional(),
  logoSvg: z.string().optional(),
  logoColor: z.string().optional(),
  logoWidth: z.number().optional(),
  style: z.string().optional(),
  cacheSeconds: z.int().min(0).optional(),
});
