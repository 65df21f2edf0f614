export type { Notification, NotificationType } from './model'
export { notificationsPage } from './pages'
export { notificationRoutes } from './routes'
export { createNotificationService, type NotificationService } from './service'
