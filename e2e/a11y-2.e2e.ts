import { walkPart } from "./a11y-walk";

// One part of the accessibility walk over every page (see e2e/a11y-walk.ts).
walkPart(2, 3);
