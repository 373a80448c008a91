/**
 * Route parameter schemas: Express hands params over as strings; these give
 * them a type without a cast. Ids are Firestore document ids (domain
 * firestoreId: a decoded `%2F`, `..` or `__x__` is refused with 400 before
 * any Firestore call).
 */
import { z } from 'zod';
import { firestoreId } from '@studio/domain';

const docId = firestoreId();

export const idParams = z.object({ id: docId });
export const leadIdParams = z.object({ leadId: docId });
