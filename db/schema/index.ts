export * from "./users";
export * from "./admin";
export * from "./projects";
export * from "./data";
export * from "./drive";
export * from "./chat";
