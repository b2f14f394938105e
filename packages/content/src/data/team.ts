import { z } from 'zod';
import { teamMemberSchema, type TeamMember } from '../schemas';

export const team: readonly TeamMember[] = z.array(teamMemberSchema).parse([
  { name: 'Placeholder', role: 'Founder', description: 'Placeholder.', image: '/images/team/member-01.jpg' },
]);
