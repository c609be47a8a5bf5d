// Mantine's styles for the landing and login pages and the notification area, with the app's own
// (mantine-styles-first.css); the app's chunk brings them.
import './mantine-styles-first.css';
