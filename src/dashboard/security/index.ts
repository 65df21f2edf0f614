export { crossSiteGuard } from './cross-site-guard'
export { createOncePerWindow } from './once-per-window'
export { isServedOverHttps, type OriginPolicy } from './request-origin'
