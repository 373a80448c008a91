/**
 * Route parameter schemas: Express hands params over as strings; these give
 * them a type without a cast. Ids are Firestore document ids (non-empty, no
 * slash: a route's segment cannot hold one anyway).
 */
import { z } from 'zod';

const docId = z.string().min(1);

export const idParams = z.object({ id: docId });
export const leadIdParams = z.object({ leadId: docId });
