// The app's stylesheet (Tailwind and the card's classes), so components are laid out as in the app.
import '../index.css';
