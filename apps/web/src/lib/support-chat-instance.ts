import { env } from '../env';
import { createSupportChat } from './support-chat';

/** This app's support chat, configured from the environment (off without VITE_INTERCOM_APP_ID). */
export const supportChat = createSupportChat({ appId: env.ok ? env.env.VITE_INTERCOM_APP_ID : undefined });
