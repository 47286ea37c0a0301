export * from "./users";
export * from "./admin";
export * from "./projects";
export * from "./categories";
export * from "./data";
export * from "./docs";
export * from "./drive";
export * from "./chat";
