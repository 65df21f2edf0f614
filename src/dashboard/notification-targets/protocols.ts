import { discord } from './discord'
import { gotify } from './gotify'
import { ntfy } from './ntfy'
import type { ReceiverProtocols } from './receiver-protocol'
import { webhook } from './webhook'

/** How each kind of target is spoken to. */
export const RECEIVER_PROTOCOLS: ReceiverProtocols = { ntfy, gotify, discord, webhook }
