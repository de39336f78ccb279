/** Step lists show thumbnails; storing their blob id avoids re-encoding a screenshot per view. */
export const up = `
ALTER TABLE steps ADD COLUMN thumbnail_blob TEXT REFERENCES blobs(id);
CREATE INDEX demonstrations_by_status ON demonstrations(status);
`;
