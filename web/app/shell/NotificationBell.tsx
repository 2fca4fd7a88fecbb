// The bell of the nav bar comes from the notifications feature (count, panel, live updates).
export { NotificationBell } from '../../features/notifications/NotificationBell';
