export { type RunningDashboard, startDashboard } from './start'
