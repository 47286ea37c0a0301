export * from "./users";
export * from "./admin";
