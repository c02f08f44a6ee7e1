/** $config: the public server configuration (GET /api/config); the brand name shown in texts comes from here. */
import { atom, computed } from 'nanostores';
import type { PublicConfig } from '../../shared/api/auth';

/** The configuration, null until loaded (or when the server could not give it). */
export const $config = atom<PublicConfig | null>(null);

/** The product's brand name ('' until known). */
export const $productName = computed($config, (c) => c?.product_name ?? '');
