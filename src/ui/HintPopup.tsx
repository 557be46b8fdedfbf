import { Tooltip, type TooltipProps } from '@mui/material';

export type HintPopupProps = Pick<TooltipProps, 'title' | 'placement' | 'open' | 'onClose'> & {
  anchor: HTMLElement;
};

/** HintTooltip's hint: MUI's Tooltip, anchored to the element beside it, opened and closed by HintTooltip. */
export const HintPopup = ({ title, placement, open, onClose, anchor }: HintPopupProps) => (
  <Tooltip
    title={title}
    placement={placement}
    open={open}
    onClose={onClose}
    disableHoverListener
    disableFocusListener
    disableTouchListener
    slotProps={{ popper: { anchorEl: anchor } }}
  >
    <span hidden />
  </Tooltip>
);
