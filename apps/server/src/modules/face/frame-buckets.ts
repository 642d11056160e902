/** The blob buckets of face frames (a leaf module: the start gate and the face service both name them). */
export const ENROLL_FRAMES = 'face-enrollments';
export const FLAG_FRAMES = 'proctoring-frames';
