// The markets are declared where the meta-conversion function can import them too; the site imports them from here.
export * from "#edge/markets";
