// Every other Mantine component's styles (mantine-styles-rest.css), loaded with every screen but the
// landing and login pages.
import './mantine-styles-rest.css';
