/**
 * Route parameter schemas: Express hands params over as strings; these give
 * them a type without a cast. Ids are Firestore document ids of at most
 * ID_MAX_LENGTH characters (domain routeId: a decoded `%2F`, `..`, `__x__`
 * or an overlong id is refused with 400 before any Firestore call).
 */
import { z } from 'zod';
import { routeId } from '@studio/domain';

const docId = routeId();

export const idParams = z.object({ id: docId });
export const leadIdParams = z.object({ leadId: docId });
